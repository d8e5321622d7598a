import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionsResponseSchema, auditsResponseSchema } from '@web-control/contract/finance-actions';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';

const EFT = 2;
const WALLET = 3;

// The totals come from counts kept by triggers (migration 0020); these tests hold them to what a
// count of the rows themselves says, after inserts, updates and deletes.
describe.each(TEST_DATABASE_KINDS)('approvals and audit log totals on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  let token = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
    const user = await createTestUser(database, ['VIEW_PROCESSES', 'VIEW_ACTIONS', 'VIEW_AUDITS']);
    token = (await login(app, user.username, user.password)).access_token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function total(url: string) {
    const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ paginationInfo: { totalRecords: number } }>();
    return body.paginationInfo.totalRecords;
  }

  async function counted(query: ReturnType<typeof sql<{ n: string | number }>>) {
    const result = await query.execute(database.db);
    return Number(result.rows[0]?.n ?? 0);
  }

  it('counts the audit log exactly for ranges inside, across and on the edges of months', async () => {
    // Entries around month ends, a microsecond either side of midnight, over three years.
    const instants = [
      '2025-12-31T23:59:59.999999Z',
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:00.000001Z',
      '2026-01-15T12:00:00.5Z',
      '2026-01-31T23:59:59.9995Z',
      '2026-02-01T00:00:00Z',
      '2026-02-14T08:30:00Z',
      '2026-02-28T23:59:59.999Z',
      '2026-03-01T00:00:00.0005Z',
      '2026-03-10T10:00:00Z',
      '2026-04-30T23:00:00Z',
      '2027-06-01T00:00:00Z',
      '2028-02-29T12:00:00Z',
    ];
    const users = ['ada', 'bob'];
    const types = ['LOAD_FILE', 'ACCEPT_TRANSACTIONS'];
    const statuses = ['REGISTERED', 'SUCCESS', 'REJECTED'];
    let n = 0;
    for (const instant of instants) {
      for (const username of users) {
        n += 1;
        await sql`insert into recon_audits (action_id, process_id, audit_date, username, reviewer_username, type, status)
          values (${randomUUID()}, ${EFT}, ${instant}::timestamptz, ${username}, null, ${types[n % 2]},
            ${statuses[n % 3]})`.execute(database.db);
      }
    }
    // A statement of many rows, an update that moves entries between months and users, a delete.
    await sql`insert into recon_audits (action_id, process_id, audit_date, username, reviewer_username, type, status)
      select gen_random_uuid(), ${EFT}, timestamptz '2026-01-20T00:00:00Z' + i * interval '7 hours', 'cy',
        null, 'LOAD_FILE', 'SUCCESS'
      from generate_series(1, 200) i`.execute(database.db);
    await sql`update recon_audits set audit_date = audit_date + interval '20 days', username = 'ada'
      where username = 'cy' and audit_id % 3 = 0`.execute(database.db);
    await sql`delete from recon_audits where username = 'cy' and audit_id % 7 = 0`.execute(database.db);

    const ranges: Array<[string | undefined, string | undefined]> = [
      [undefined, undefined],
      ['2026-01-01T00:00:00Z', '2026-01-31T23:59:59.999Z'],
      ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'],
      ['2025-12-31T23:59:59.999Z', '2026-03-01T00:00:00Z'],
      ['2026-01-15T12:00:00.500Z', '2026-03-10T10:00:00Z'],
      ['2026-01-10T00:00:00Z', '2026-01-20T00:00:00Z'],
      ['2026-02-10T00:00:00Z', undefined],
      [undefined, '2026-02-28T23:59:59.999Z'],
      ['2026-01-01T00:00:00.001Z', '2027-12-31T23:59:59.999Z'],
      ['2026-05-01T00:00:00Z', '2026-04-01T00:00:00Z'],
    ];
    const filters: Array<Record<string, string>> = [
      {},
      { username: 'ada' },
      { type: 'LOAD_FILE', status: 'SUCCESS' },
      { username: 'bob', status: 'REJECTED' },
      // A username whatever its case, as it signs in.
      { username: 'ADA', type: 'LOAD_FILE' },
    ];
    for (const [from, to] of ranges) {
      for (const filter of filters) {
        const params = new URLSearchParams(filter);
        if (from !== undefined) params.set('fromDateTimeInclusive', from);
        if (to !== undefined) params.set('toDateTimeInclusive', to);
        const conditions = [sql`true`];
        if (from !== undefined) conditions.push(sql`audit_date >= ${from}::timestamptz`);
        if (to !== undefined) conditions.push(sql`audit_date <= ${to}::timestamptz`);
        for (const [column, value] of Object.entries(filter)) {
          conditions.push(
            column === 'username'
              ? sql`lower(username) = lower(${value})`
              : sql`${sql.ref(column)} = ${value}`,
          );
        }
        const expected = await counted(
          sql`select count(*) as n from recon_audits where ${sql.join(conditions, sql` and `)}`,
        );
        expect(await total(`/api/recon/actions/audits?${params.toString()}`), params.toString()).toBe(
          expected,
        );
      }
    }
    // The page itself and its total agree.
    const page = auditsResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/recon/actions/audits?username=Ada&fromDateTimeInclusive=2026-01-01T00:00:00Z&limit=500',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );
    expect(page.audits.length).toBe(page.paginationInfo.totalRecords);
    expect(page.audits.length).toBeGreaterThan(20);
    expect(new Set(page.audits.map((audit) => audit.username))).toEqual(new Set(['ada']));
  });

  it('counts each approvals list exactly as actions are requested, reviewed and removed', async () => {
    const insert = (status: string, reviewed: boolean, processId = EFT) =>
      sql`insert into recon_actions (action_id, process_id, type, file_id, file_name, records, username, comment,
          created_at, status, reviewer_username, reviewed_at)
        values (${randomUUID()}, ${processId}, 'ACCEPT_TRANSACTIONS', null, null, null, 'ada', 'Checked',
          now(), ${status}, ${reviewed ? 'bob' : null}, ${reviewed ? sql`now()` : null})`.execute(
        database.db,
      );
    for (let index = 0; index < 6; index += 1) await insert('REGISTERED', false);
    await insert('REGISTERED', true);
    await insert('SUCCESS', true);
    await insert('ERROR', true);
    await insert('SUCCESS', false, WALLET);
    await insert('REJECTED', true, WALLET);
    await insert('REGISTERED', false, WALLET);
    // Reviews: two pending actions approved and loaded, one rejected; then one removed.
    await sql`update recon_actions set status = 'SUCCESS', reviewer_username = 'bob', reviewed_at = now()
      where action_id in (select action_id from recon_actions
        where process_id = ${EFT} and status = 'REGISTERED' and reviewed_at is null limit 2)`.execute(
      database.db,
    );
    await sql`update recon_actions set status = 'REJECTED', reviewer_username = 'bob', reviewed_at = now()
      where action_id in (select action_id from recon_actions
        where process_id = ${EFT} and status = 'REGISTERED' and reviewed_at is null limit 1)`.execute(
      database.db,
    );
    await sql`delete from recon_actions where action_id in (select action_id from recon_actions
        where process_id = ${EFT} and status = 'SUCCESS' limit 1)`.execute(database.db);

    const states = {
      pending: sql`status = 'REGISTERED' and reviewed_at is null`,
      approved: sql`status in ('REGISTERED', 'SUCCESS', 'ERROR') and reviewed_at is not null`,
      rejected: sql`status = 'REJECTED'`,
    };
    for (const [state, where] of Object.entries(states)) {
      for (const processIds of [undefined, [EFT], [WALLET], [EFT, WALLET], [1]]) {
        const processes = processIds === undefined ? sql`true` : sql`process_id in (${sql.join(processIds)})`;
        const expected = await counted(
          sql`select count(*) as n from recon_actions where ${where} and ${processes}`,
        );
        const query = `status=${state}${processIds === undefined ? '' : `&processIds=${processIds.join(',')}`}`;
        expect(await total(`/api/recon/actions?${query}`), query).toBe(expected);
      }
    }
    const approved = actionsResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/recon/actions?status=approved&processIds=${EFT}&limit=50`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );
    expect(approved.paginationInfo.totalRecords).toBe(4);
    expect(approved.actions).toHaveLength(4);
  });
});
