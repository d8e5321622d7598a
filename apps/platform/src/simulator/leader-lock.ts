import pg from 'pg';

/** Only the holder runs the simulator, so several platform processes on one database write one series. */
export interface LeaderLock {
  /** true once held; false while another process holds it. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

/** PGlite: one process owns the database folder, so there is nobody to share with. */
export const SINGLE_PROCESS_LOCK: LeaderLock = {
  acquire: () => Promise.resolve(true),
  release: () => Promise.resolve(),
};

/** An arbitrary fixed key: "web-control simulator". */
export const SIMULATOR_LOCK_KEY = 7_420_175_301;

/**
 * pg_try_advisory_lock on a connection of its own: a session lock lives as long as that
 * connection, so it must not come from the pool (which hands connections around).
 */
export function createPostgresLeaderLock(databaseUrl: string, onLost: (error: Error) => void): LeaderLock {
  let client: pg.Client | undefined;
  return {
    async acquire() {
      if (client === undefined) {
        const fresh = new pg.Client({ connectionString: databaseUrl });
        fresh.on('error', (error) => {
          client = undefined;
          onLost(error);
        });
        await fresh.connect();
        client = fresh;
      }
      const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        SIMULATOR_LOCK_KEY,
      ]);
      return result.rows[0]?.locked === true;
    },
    async release() {
      const held = client;
      client = undefined;
      // Closing the session releases its advisory locks.
      await held?.end();
    },
  };
}
