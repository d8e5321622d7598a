import { sql } from 'kysely';
import type { Clock } from './clock.ts';
import type { Db } from './db/schema.ts';
import { HOUR_MS } from './time.ts';

/** How often expired rows are purged. */
export const HOUSEKEEPING_INTERVAL_MS = HOUR_MS;

export interface HousekeepingTask {
  name: string;
  /** Deletes what has expired by `now`; returns how many rows of each kind went. */
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
        const deleted = await task.run(now);
        if (Object.values(deleted).some((count) => count > 0)) {
          log.info({ task: task.name, deleted }, 'Housekeeping: expired rows deleted');
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
 * PGlite has no autovacuum: without this hourly VACUUM (ANALYZE), updated tables keep their dead
 * rows and stale statistics, and the deep pages of every list, read index-only, visit the heap.
 */
export function pgliteVacuumTask(db: Db): HousekeepingTask {
  return {
    name: 'vacuum',
    run: async () => {
      await sql`vacuum (analyze)`.execute(db);
      return {};
    },
  };
}
