import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openPostgres } from './connection.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(databaseUrl !== undefined && databaseUrl !== '')('PostgreSQL timeouts', () => {
  it('cancels a statement that runs longer than the statement timeout', async () => {
    const handle = openPostgres(databaseUrl ?? '', { connectTimeoutSeconds: 5, statementTimeoutSeconds: 1 });
    try {
      const started = Date.now();
      await expect(sql`select pg_sleep(5)`.execute(handle.db)).rejects.toThrow(
        'canceling statement due to statement timeout',
      );
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      await handle.close();
    }
  });

  it('outlives an idle connection the server ends, and answers the next query on a new one', async () => {
    const poolEvents = vi.spyOn(pg.Pool.prototype, 'emit');
    const handle = openPostgres(databaseUrl ?? '');
    const admin = openPostgres(databaseUrl ?? '');
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      const pid = rows[0]?.pid;
      await sql`select pg_terminate_backend(${pid})`.execute(admin.db);
      // The ended connection's error reaches the pool while it is idle; a busy machine may take a while.
      await vi.waitFor(
        () => expect(poolEvents).toHaveBeenCalledWith('error', expect.any(Error), expect.anything()),
        { timeout: 10_000 },
      );
      const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      expect(after.rows[0]?.pid).not.toBe(pid);
    } finally {
      poolEvents.mockRestore();
      await handle.close();
      await admin.close();
    }
  });
});
