import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
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
});
