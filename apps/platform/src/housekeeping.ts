import { sql } from 'kysely';
import type { Clock } from './clock.ts';
import type { Db } from './db/schema.ts';
import { HOUR_MS } from './time.ts';

/** How often expired rows are purged. */
export const HOUSEKEEPING_INTERVAL_MS = HOUR_MS;

export interface HousekeepingTask {
  name: string;
  /** Deletes what has expired by `now` (or vacuums); returns how many of each kind it handled. */
  run(now: Date): Promise<Record<string, number>>;
}

export interface HousekeepingLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Runs each module's purge at start and then hourly. A failed task is logged and tried again at
 * the next run; stop() waits for a run in progress, so the database can close after it.
 */
export function createHousekeeping(options: {
  clock: Clock;
  log: HousekeepingLog;
  tasks: readonly HousekeepingTask[];
  intervalMs?: number;
}) {
  const { clock, log, tasks } = options;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  async function runTasks(): Promise<void> {
    const now = clock.now();
    for (const task of tasks) {
      try {
        const done = await task.run(now);
        if (Object.values(done).some((count) => count > 0)) {
          log.info({ task: task.name, done }, 'Housekeeping: done');
        }
      } catch (error) {
        log.error({ err: error, task: task.name }, 'Housekeeping failed; trying again at the next run');
      }
    }
  }

  /** One run after any run in progress. */
  function runOnce(): Promise<void> {
    current = current.then(runTasks);
    return current;
  }

  return {
    runOnce,
    start(): void {
      if (timer !== undefined) return;
      void runOnce();
      timer = setInterval(() => void runOnce(), options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await current;
    },
  };
}

/**
 * PGlite has no autovacuum: this does its work hourly, with its default thresholds, on the tables
 * that changed enough since their last vacuum or analyze. Without it the rows a re-match, a
 * settlement run or a prune replaced stay dead, statistics go stale, and the deep pages of every
 * list, read index-only, visit the heap again. A whole-database VACUUM (ANALYZE) instead held
 * PGlite's one connection for seconds every hour at a million rows.
 */
export function pgliteVacuumTask(db: Db): HousekeepingTask {
  return {
    name: 'vacuum',
    run: async () => {
      // PGlite's single backend otherwise keeps its table statistics unflushed for a while.
      await sql`select pg_stat_force_next_flush()`.execute(db);
      const tables = await sql<{ name: string; vacuum: boolean; analyze: boolean }>`
        select format('%I.%I', schemaname, relname) as name,
          n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup as vacuum,
          n_mod_since_analyze > 50 + 0.1 * n_live_tup as analyze
        from pg_stat_user_tables
        order by relname`.execute(db);
      let vacuumed = 0;
      let analyzed = 0;
      for (const table of tables.rows) {
        const name = sql.raw(table.name);
        if (table.vacuum) {
          await sql`vacuum ${sql.raw(table.analyze ? '(analyze) ' : '')}${name}`.execute(db);
          vacuumed += 1;
        } else if (table.analyze) {
          await sql`analyze ${name}`.execute(db);
        }
        if (table.analyze) analyzed += 1;
      }
      return { vacuumed, analyzed };
    },
  };
}
