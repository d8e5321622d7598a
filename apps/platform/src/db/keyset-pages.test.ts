import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../testing/test-database.ts';
import type { DatabaseHandle } from './connection.ts';
import { streamInKeysetPages } from './keyset-pages.ts';

const ACTION_ID = '0b5f8a52-3c1e-4c1a-9b7e-2f4d6a8c0e11';

describe.each(TEST_DATABASE_KINDS)('keyset pages on %s', (kind) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const process = await database.db
      .selectFrom('recon_processes')
      .select('process_id')
      .executeTakeFirstOrThrow();
    // Ties on the time, and times a microsecond apart, which a JavaScript Date cannot tell apart.
    await sql`
      insert into recon_audits (action_id, process_id, audit_date, username, type, status)
      select ${ACTION_ID}, ${process.process_id},
        timestamptz '2026-01-01 00:00:00' + (n / 3) * interval '1 microsecond',
        'keyset-' || n, 'LOAD_FILE', 'REGISTERED'
      from generate_series(1, 25) as n
    `.execute(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  const audits = () =>
    database.db.selectFrom('recon_audits').select(['username']).where('username', 'like', 'keyset-%');

  it('reads every row once, in order, a page at a time, each page after the client took the last', async () => {
    const pages: string[][] = [];
    await streamInKeysetPages(
      audits(),
      { columns: ['audit_date', 'audit_id'], direction: 'desc' },
      async (rows) => {
        // No transaction is held meanwhile: another statement runs between pages.
        await sql`select 1`.execute(database.db);
        pages.push(rows.map((row) => row.username));
      },
      4,
    );
    const ordered = await audits().orderBy('audit_date', 'desc').orderBy('audit_id', 'desc').execute();
    expect(pages.map((page) => page.length)).toEqual([4, 4, 4, 4, 4, 4, 1]);
    expect(pages.flat()).toEqual(ordered.map((row) => row.username));
  });

  it('pages ascending too, and writes nothing for no rows', async () => {
    const seen: string[] = [];
    await streamInKeysetPages(
      audits(),
      { columns: ['audit_date', 'audit_id'], direction: 'asc' },
      (rows) => {
        seen.push(...rows.map((row) => row.username));
        return Promise.resolve();
      },
      10,
    );
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    let writes = 0;
    await streamInKeysetPages(
      audits().where('username', '=', 'nobody'),
      { columns: ['audit_date', 'audit_id'], direction: 'asc' },
      () => {
        writes += 1;
        return Promise.resolve();
      },
    );
    expect(writes).toBe(0);
  });
});
