import pg from 'pg';
import { SECOND_MS } from '../time.ts';

/** Only the holder runs the simulator, so several platform processes on one database write one series. */
export interface LeaderLock {
  /** true once held; false while another process holds it. */
  acquire(): Promise<boolean>;
  /** false again once the lock is lost (its connection ended); acquire() then tries anew. */
  isHeld(): boolean;
  release(): Promise<void>;
}

/** PGlite: one process owns the database folder, so there is nobody to share with. */
export const SINGLE_PROCESS_LOCK: LeaderLock = {
  acquire: () => Promise.resolve(true),
  isHeld: () => true,
  release: () => Promise.resolve(),
};

/** An arbitrary fixed key: "web-control simulator". */
export const SIMULATOR_LOCK_KEY = 7_420_175_301;
/** How the lock's connection shows in pg_stat_activity. */
export const SIMULATOR_LOCK_APPLICATION_NAME = 'web-control simulator lock';
const CONNECT_TIMEOUT_MS = 10 * SECOND_MS;

/**
 * pg_try_advisory_lock on a connection of its own: a session lock lives as long as that
 * connection, so it must not come from the pool (which hands connections around). When the
 * connection ends the lock is gone with it; the next acquire() opens a new one.
 */
export function createPostgresLeaderLock(databaseUrl: string, onLost: (error: Error) => void): LeaderLock {
  let client: pg.Client | undefined;
  let held = false;

  function forget(lost: pg.Client, error: Error): void {
    if (client !== lost) return;
    client = undefined;
    const wasHeld = held;
    held = false;
    if (wasHeld) onLost(error);
    lost.end().catch(() => undefined);
  }

  return {
    async acquire() {
      if (held) return true;
      if (client === undefined) {
        const fresh = new pg.Client({
          connectionString: databaseUrl,
          application_name: SIMULATOR_LOCK_APPLICATION_NAME,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        });
        fresh.on('error', (error) => forget(fresh, error));
        fresh.on('end', () => forget(fresh, new Error('The simulator lock connection ended')));
        await fresh.connect();
        client = fresh;
      }
      const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        SIMULATOR_LOCK_KEY,
      ]);
      held = result.rows[0]?.locked === true;
      return held;
    },
    isHeld: () => held,
    async release() {
      const current = client;
      client = undefined;
      held = false;
      // Closing the session releases its advisory locks.
      await current?.end();
    },
  };
}
