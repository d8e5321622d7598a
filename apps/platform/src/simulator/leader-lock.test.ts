import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../clock.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import {
  createPostgresLeaderLock,
  SIMULATOR_LOCK_APPLICATION_NAME,
  SIMULATOR_LOCK_KEY,
} from './leader-lock.ts';
import { createSimulator } from './simulator.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const SILENT = { info: () => undefined, error: () => undefined };

/**
 * The backends holding the simulator's advisory lock (the key's high and low 32 bits) on this
 * database: the two-instance suite's platforms hold theirs on a database of their own meanwhile.
 */
async function lockHolders(admin: pg.Client): Promise<number[]> {
  const result = await admin.query<{ pid: number }>(
    `select l.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and l.classid = $1 and l.objid = $2
       and a.application_name = $3
       and l.database = (select oid from pg_database where datname = current_database())`,
    [Math.floor(SIMULATOR_LOCK_KEY / 2 ** 32), SIMULATOR_LOCK_KEY % 2 ** 32, SIMULATOR_LOCK_APPLICATION_NAME],
  );
  return result.rows.map((row) => row.pid);
}

// Only PostgreSQL has processes to share the simulator between; CI runs this against it.
describe.runIf(databaseUrl !== undefined && databaseUrl !== '')('simulator leader lock on PostgreSQL', () => {
  const url = databaseUrl ?? '';
  const lost = (error: Error) => {
    throw error;
  };

  it('lets one process run the simulator and hands over when it stops', async () => {
    const first = createPostgresLeaderLock(url, lost);
    const second = createPostgresLeaderLock(url, lost);
    try {
      expect(await first.acquire()).toBe(true);
      expect(await second.acquire(), 'a second process must not run the simulator').toBe(false);
      await first.release();
      expect(await second.acquire(), 'the lock passes on once its holder is gone').toBe(true);
    } finally {
      await first.release();
      await second.release();
    }
  });

  it('takes the lock again after its connection is killed, before another process can', async () => {
    const database = await createTestDatabase('postgres');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Just before a tick boundary: the loop wakes every few hundred milliseconds.
    const clock = new ManualClock(new Date('2026-03-02T10:00:09.800Z'));
    const simulator = createSimulator({
      db: database.db,
      clock,
      seed: 1,
      tps: 1,
      log: SILENT,
      backfillMs: 0,
      lockRetryMs: 100,
    });
    const lostErrors: Error[] = [];
    const lock = createPostgresLeaderLock(url, (error) => lostErrors.push(error));
    const other = createPostgresLeaderLock(url, lost);
    try {
      simulator.start(lock);
      await vi.waitFor(async () => expect(await lockHolders(admin)).toHaveLength(1), { timeout: 10_000 });
      const [killed] = await lockHolders(admin);
      await admin.query('select pg_terminate_backend($1)', [killed]);

      await vi.waitFor(
        async () => {
          const holders = await lockHolders(admin);
          expect(holders).toHaveLength(1);
          expect(holders).not.toContain(killed);
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(lostErrors).toHaveLength(1);
      expect(await other.acquire(), 'the simulator holds the lock again').toBe(false);

      await simulator.stop();
      expect(await other.acquire(), 'and lets it go when it stops').toBe(true);
    } finally {
      await simulator.stop();
      await other.release();
      await admin.end();
      await database.close();
    }
  });
});
