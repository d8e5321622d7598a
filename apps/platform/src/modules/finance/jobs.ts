import { Cron } from 'croner';
import type { Job, PageQuery } from '@web-control/contract/finance';
import { paginationInfoOf } from '@web-control/contract/finance';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/schema.ts';
import { HOUR_MS } from '../../time.ts';

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

/**
 * The finance engine's named, scheduled jobs. croner only says when; the finance_jobs row is the
 * truth about runs: an instance runs a job only after claiming its row with a conditional update,
 * so several platform instances on one PostgreSQL database never run the same job at once.
 */
export function createFinanceJobs(deps: { db: Db; clock: Clock; log: JobsLog }) {
  const { db, clock, log } = deps;
  const definitions = new Map<string, JobDefinition>();
  const crons: Cron[] = [];
  const inFlight = new Set<Promise<JobOutcome>>();

  async function claim(name: string, now: Date): Promise<boolean> {
    const claimed = await db
      .updateTable('finance_jobs')
      .set({ running_since: now })
      .where('name', '=', name)
      .where((eb) =>
        eb.or([
          eb('running_since', 'is', null),
          eb('running_since', '<', new Date(now.getTime() - JOB_CLAIM_TIMEOUT_MS)),
        ]),
      )
      .returning('name')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  async function execute(definition: JobDefinition): Promise<JobOutcome> {
    const startedAt = clock.now();
    if (!(await claim(definition.name, startedAt))) {
      return 'BUSY';
    }
    const run = await db
      .insertInto('finance_job_runs')
      .values({ name: definition.name, started_at: startedAt, status: 'RUNNING' })
      .returning('run_id')
      .executeTakeFirstOrThrow();
    let status: 'SUCCESS' | 'ERROR' = 'SUCCESS';
    let message: string | null = null;
    try {
      await definition.run(startedAt);
    } catch (error) {
      status = 'ERROR';
      message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, job: definition.name }, 'Finance job failed; it runs again at its next time');
    }
    await db
      .updateTable('finance_job_runs')
      .set({ finished_at: clock.now(), status, message })
      .where('run_id', '=', run.run_id)
      .execute();
    await db
      .updateTable('finance_jobs')
      .set({
        running_since: null,
        last_runtime: startedAt,
        ...(status === 'SUCCESS' ? { last_successful_runtime: startedAt } : {}),
      })
      .where('name', '=', definition.name)
      .execute();
    return status;
  }

  function run(name: string): Promise<JobOutcome> {
    const definition = definitions.get(name);
    if (definition === undefined) {
      return Promise.reject(new Error(`No finance job is named ${name}`));
    }
    const running = execute(definition);
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running)).catch(() => undefined);
    return running;
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

    /** Runs a job now (tests, the first start's backfill); BUSY when another run holds it. */
    run,

    /** Schedules every job with croner (UTC); protect skips a tick while the last run goes on. */
    start(): void {
      if (crons.length > 0) return;
      for (const definition of definitions.values()) {
        crons.push(
          new Cron(definition.schedule, { timezone: 'UTC', protect: true, unref: true }, async () => {
            await run(definition.name).catch((error: unknown) =>
              log.error({ err: error, job: definition.name }, 'Finance job could not run'),
            );
          }),
        );
      }
    },

    /** Stops the schedule and waits for runs in progress, so the database can close after them. */
    async stop(): Promise<void> {
      for (const cron of crons.splice(0)) {
        cron.stop();
      }
      await Promise.allSettled([...inFlight]);
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
