import { Cron } from 'croner';
import type { Job, PageQuery } from '@web-control/contract/finance';
import { paginationInfoOf } from '@web-control/contract/finance';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/schema.ts';
import { HOUR_MS, MINUTE_MS } from '../../time.ts';

/** A claim older than this belongs to an instance that died mid-run: another may take the job. */
export const JOB_CLAIM_TIMEOUT_MS = 6 * HOUR_MS;

export interface JobDefinition {
  name: string;
  /** A cron expression, read in UTC. */
  schedule: string;
  run(now: Date): Promise<void>;
}

export interface JobsLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What one call to run() did: ran (and how it ended), or found the job claimed elsewhere. */
export type JobOutcome = 'SUCCESS' | 'ERROR' | 'BUSY';

export interface JobsMetrics {
  job(name: string, failed: boolean, seconds: number): void;
}

/**
 * The finance engine's named, scheduled jobs. croner only says when; the finance_jobs row is the
 * truth about runs: an instance runs a job only after claiming its row with a conditional update,
 * so several platform instances on one PostgreSQL database never run the same job at once.
 */

export function createFinanceJobs(deps: { db: Db; clock: Clock; log: JobsLog; metrics?: JobsMetrics }) {
  const { db, clock, log } = deps;
  const definitions = new Map<string, JobDefinition>();
  const crons: Cron[] = [];
  const inFlight = new Set<Promise<unknown>>();
  /** The jobs this instance has claimed and not yet finished, with their claim's time. */
  const claims = new Map<string, Date>();

  function track<T>(running: Promise<T>): Promise<T> {
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running)).catch(() => undefined);
    return running;
  }

  /**
   * A scheduled run also claims its scheduled time: an instance whose tick comes after another's
   * run of the same time has finished finds it taken (last_runtime is that run's start).
   */
  async function claim(name: string, now: Date, scheduledAt: Date | undefined): Promise<boolean> {
    let claiming = db
      .updateTable('finance_jobs')
      .set({ running_since: now })
      .where('name', '=', name)
      .where((eb) =>
        eb.or([
          eb('running_since', 'is', null),
          eb('running_since', '<', new Date(now.getTime() - JOB_CLAIM_TIMEOUT_MS)),
        ]),
      );
    if (scheduledAt !== undefined) {
      claiming = claiming.where((eb) =>
        eb.or([eb('last_runtime', 'is', null), eb('last_runtime', '<', scheduledAt)]),
      );
    }
    const claimed = await claiming.returning('name').executeTakeFirst();
    return claimed !== undefined;
  }

  async function execute(definition: JobDefinition, scheduledAt?: Date): Promise<JobOutcome> {
    const startedAt = clock.now();
    if (!(await claim(definition.name, startedAt, scheduledAt))) {
      return 'BUSY';
    }
    claims.set(definition.name, startedAt);
    const run = await db
      .insertInto('finance_job_runs')
      .values({ name: definition.name, started_at: startedAt, status: 'RUNNING' })
      .returning('run_id')
      .executeTakeFirstOrThrow();
    let status: 'SUCCESS' | 'ERROR' = 'SUCCESS';
    let message: string | null = null;
    // Real time, whatever the injected clock says.
    const began = performance.now();
    try {
      await definition.run(startedAt);
    } catch (error) {
      status = 'ERROR';
      message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, job: definition.name }, 'Finance job failed; it runs again at its next time');
    }
    deps.metrics?.job(definition.name, status === 'ERROR', (performance.now() - began) / 1000);
    await db
      .updateTable('finance_job_runs')
      .set({ finished_at: clock.now(), status, message })
      .where('run_id', '=', run.run_id)
      .execute();
    // Only while the claim is still this run's: one released at shutdown may be another's by now.
    await db
      .updateTable('finance_jobs')
      .set({
        running_since: null,
        last_runtime: startedAt,
        ...(status === 'SUCCESS' ? { last_successful_runtime: startedAt } : {}),
      })
      .where('name', '=', definition.name)
      .where('running_since', '=', startedAt)
      .execute();
    claims.delete(definition.name);
    return status;
  }

  function run(name: string, scheduledAt?: Date): Promise<JobOutcome> {
    const definition = definitions.get(name);
    if (definition === undefined) {
      return Promise.reject(new Error(`No finance job is named ${name}`));
    }
    return track(execute(definition, scheduledAt));
  }

  return {
    /** Adds a job; its row is written by register(). */
    define(definition: JobDefinition): void {
      definitions.set(definition.name, definition);
    },

    /** Writes a row for every defined job (keeping the runtimes of one that exists). */
    async register(): Promise<void> {
      for (const definition of definitions.values()) {
        await db
          .insertInto('finance_jobs')
          .values({ name: definition.name, schedule: definition.schedule })
          .onConflict((conflict) => conflict.column('name').doUpdateSet({ schedule: definition.schedule }))
          .execute();
      }
    },

    /**
     * Runs a job now (tests, the first start's backfill); BUSY when another run holds it, or when
     * `scheduledAt` is given and a run of that scheduled time (or a later one) has already started.
     */
    run,

    /**
     * Runs work that a request started but does not wait for (an approved file's load): its
     * failure is logged, and stop() waits for it like for a run.
     */
    background(what: string, work: () => Promise<unknown>): void {
      void track(
        work().catch((error: unknown) => log.error({ err: error, work: what }, 'Background work failed')),
      );
    },

    /** Resolves once no run and no background work is going on (tests wait for a load with it). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) {
        await Promise.allSettled([...inFlight]);
      }
    },

    /** Schedules every job with croner (UTC); protect skips a tick while the last run goes on. */
    start(): void {
      if (crons.length > 0) return;
      for (const definition of definitions.values()) {
        crons.push(
          new Cron(definition.schedule, { timezone: 'UTC', protect: true, unref: true }, async () => {
            // Every schedule is a five-part cron expression: its times fall on whole minutes.
            const scheduledAt = new Date(Math.floor(clock.now().getTime() / MINUTE_MS) * MINUTE_MS);
            await run(definition.name, scheduledAt).catch((error: unknown) =>
              log.error({ err: error, job: definition.name }, 'Finance job could not run'),
            );
          }),
        );
      }
    },

    /**
     * Stops the schedule and waits for runs in progress, so the database can close after them. A
     * run still going after `waitMs` (a shutdown has a deadline) gives up its claim, so another
     * instance can run the job at its next time instead of after JOB_CLAIM_TIMEOUT_MS.
     */
    async stop(waitMs = Number.POSITIVE_INFINITY): Promise<void> {
      for (const cron of crons.splice(0)) {
        cron.stop();
      }
      let timer: NodeJS.Timeout | undefined;
      const waited = Promise.allSettled([...inFlight]).then(() => true);
      const timedOut = Number.isFinite(waitMs)
        ? new Promise<false>((resolve) => {
            timer = setTimeout(() => resolve(false), waitMs);
          })
        : waited;
      const finished = await Promise.race([waited, timedOut]);
      clearTimeout(timer);
      if (finished) return;
      for (const [name, since] of claims) {
        await db
          .updateTable('finance_jobs')
          .set({ running_since: null })
          .where('name', '=', name)
          .where('running_since', '=', since)
          .execute();
        log.info({ job: name }, 'Finance job still running at shutdown; its claim is released');
      }
      claims.clear();
    },

    async list(page: PageQuery) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('finance_jobs')
          .select(['name', 'last_runtime', 'last_successful_runtime'])
          .orderBy('name')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        db
          .selectFrom('finance_jobs')
          .select((eb) => eb.fn.countAll<string | number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      const apiJobList: Job[] = rows.map((row) => ({
        name: row.name,
        lastRuntime: row.last_runtime?.toISOString() ?? null,
        lastSuccessfulRuntime: row.last_successful_runtime?.toISOString() ?? null,
      }));
      return { apiJobList, paginationInfo: paginationInfoOf(page, Number(total.total), apiJobList.length) };
    },
  };
}

export type FinanceJobs = ReturnType<typeof createFinanceJobs>;
