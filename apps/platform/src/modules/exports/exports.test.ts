import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { EXPORT_MESSAGES } from './service.ts';

const ACTION_ID = '0b5f8a52-3c1e-4c1a-9b7e-2f4d6a8c0e11';
const EXPORT_ROWS = 2_500;

describe.each(TEST_DATABASE_KINDS)('CSV exports on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  let auditor: string;
  let auditorName: string;
  let nobody: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
    const user = await createTestUser(database, ['VIEW_AUDITS']);
    auditor = (await login(app, user.username, user.password)).access_token;
    auditorName = user.username;
    const other = await createTestUser(database, ['VIEW_PROCESSES']);
    nobody = (await login(app, other.username, other.password)).access_token;
    const process = await database.db
      .selectFrom('recon_processes')
      .select('process_id')
      .executeTakeFirstOrThrow();
    // More rows than one cursor batch, and a name a spreadsheet would run as a formula.
    const rows = Array.from({ length: EXPORT_ROWS }, (_, index) => ({
      action_id: ACTION_ID,
      process_id: process.process_id,
      audit_date: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
      username: index === 0 ? '=HYPERLINK("x")' : 'exporter',
      reviewer_username: null,
      type: 'LOAD_FILE' as const,
      status: 'REGISTERED' as const,
    }));
    await database.db
      .insertInto('recon_actions')
      .values({
        action_id: ACTION_ID,
        process_id: process.process_id,
        type: 'LOAD_FILE',
        file_id: null,
        file_name: 'card-switch-20260101.csv',
        records: null,
        username: 'exporter',
        comment: 'Daily file',
        created_at: new Date(Date.UTC(2026, 0, 1)),
        status: 'REGISTERED',
        reviewer_username: null,
        reviewed_at: null,
      })
      .execute();
    for (let start = 0; start < rows.length; start += 500) {
      await database.db
        .insertInto('recon_audits')
        .values(rows.slice(start, start + 500))
        .execute();
    }
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function tokenFor(token: string, list: string, filter: object) {
    return app.inject({
      method: 'POST',
      url: `/api/exports/${list}/token`,
      headers: { authorization: `Bearer ${token}` },
      payload: filter,
    });
  }

  it('streams every row of the filter with the screen’s headers, formula-safe, by a single-use token', async () => {
    const issued = await tokenFor(auditor, 'audit-log', {
      fromDateTimeInclusive: '2026-01-01T00:00:00Z',
      toDateTimeInclusive: '2026-01-02T00:00:00Z',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const { token } = issued.json<{ token: string }>();
    const download = await app.inject({ url: `/api/exports/audit-log?access_token=${token}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toContain('audit-log.csv');
    const lines = download.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Event,File,Action,Date & Time,User,Reviewer,Status');
    expect(lines).toHaveLength(EXPORT_ROWS + 1);
    expect(lines[1], 'newest first, dates as ISO 8601 UTC, the action’s file named').toBe(
      `LOAD_FILE,card-switch-20260101.csv,${ACTION_ID},2026-01-01T00:41:39.000Z,exporter,,REGISTERED`,
    );
    expect(lines.at(-1), 'a formula is written inert').toBe(
      `LOAD_FILE,card-switch-20260101.csv,${ACTION_ID},2026-01-01T00:00:00.000Z,"'=HYPERLINK(""x"")",,REGISTERED`,
    );

    const again = await app.inject({ url: `/api/exports/audit-log?access_token=${token}` });
    expect(again.statusCode, 'a token opens one download').toBe(403);
    expect(again.json()).toMatchObject({ errorMessage: EXPORT_MESSAGES.tokenInvalid });
  });

  it('keeps its token with the finance downloads’ (by its hash, its list and filter), opening its own list only', async () => {
    const filter = {
      fromDateTimeInclusive: '2026-01-01T00:00:00Z',
      toDateTimeInclusive: '2026-01-01T00:00:09Z',
    };
    const { token } = (await tokenFor(auditor, 'audit-log', filter)).json<{ token: string }>();
    const stored = await database.db
      .selectFrom('download_tokens')
      .select(['token_hash', 'username', 'list', 'query', 'file_id', 'extract_id'])
      .where('list', 'is not', null)
      .execute();
    expect(stored).toEqual([
      {
        token_hash: createHash('sha256').update(token).digest('hex'),
        username: auditorName,
        list: 'audit-log',
        query: filter,
        file_id: null,
        extract_id: null,
      },
    ]);

    const elsewhere = await app.inject({ url: `/api/exports/roles?access_token=${token}` });
    expect(elsewhere.statusCode, 'an audit log token opens no other list').toBe(403);
    expect(elsewhere.json()).toMatchObject({ errorMessage: EXPORT_MESSAGES.tokenInvalid });
    const left = await database.db.selectFrom('download_tokens').select('token_hash').execute();
    expect(left, 'and it is spent').toEqual([]);
  });

  it('exports only the filter, and only with the list’s permission', async () => {
    const filtered = await tokenFor(auditor, 'audit-log', {
      fromDateTimeInclusive: '2026-01-01T00:00:00Z',
      toDateTimeInclusive: '2026-01-01T00:00:09Z',
    });
    const { token } = filtered.json<{ token: string }>();
    const body = (await app.inject({ url: `/api/exports/audit-log?access_token=${token}` })).body;
    expect(body.trimEnd().split('\r\n')).toHaveLength(11);

    const refused = await tokenFor(nobody, 'audit-log', {});
    expect(refused.statusCode).toBe(403);
    expect((await tokenFor(auditor, 'audit-log', { status: 'LOST' })).statusCode).toBe(400);
    expect((await tokenFor(auditor, 'no-such-list', {})).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/exports/audit-log?access_token=forged' })).statusCode).toBe(403);
  });

  it('exports a service’s receivers, named after it, with the screen’s headers, numbers plain', async () => {
    const viewer = await createTestUser(database, ['VIEW_LOAD_BALANCER']);
    const viewerToken = (await login(app, viewer.username, viewer.password)).access_token;
    const issued = await tokenFor(viewerToken, 'lb-receivers', { serviceId: 'card-authorisations' });
    expect(issued.statusCode, issued.body).toBe(200);
    const { token } = issued.json<{ token: string }>();
    const download = await app.inject({ url: `/api/exports/lb-receivers?access_token=${token}` });
    expect(download.headers['content-disposition'], 'named after the service').toContain(
      'filename="load-balancer-card-authorisations-receivers.csv"',
    );
    const lines = download.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Receiver,Status,Active,Throughput,Success rate,Weight');
    expect(lines.some((line) => /^Visa Base I,[a-z]+,true,\d+(\.\d+)?,\d+(\.\d+)?,\d+$/.test(line))).toBe(
      true,
    );
    expect((await tokenFor(auditor, 'lb-receivers', { serviceId: 'card-authorisations' })).statusCode).toBe(
      403,
    );
    // A service that does not exist is refused before any file, not exported as an empty one.
    const unknown = await tokenFor(viewerToken, 'lb-receivers', { serviceId: 'nope' });
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json()).toMatchObject({ errorMessage: 'This load-balanced service does not exist' });
    const card = await tokenFor(viewerToken, 'lb-receivers', { serviceId: '4111111111111111' });
    expect(card.statusCode, 'a card number is refused as such, before any lookup').toBe(400);
  });

  it('keeps only the list’s fields of a filter, refuses a card number in any, and says why a filter is refused', async () => {
    const range = { fromDateTimeInclusive: '2026-01-01T00:00:00Z' };
    const issued = await tokenFor(auditor, 'audit-log', {
      ...range,
      note: '4111111111111111',
      constructor: 'x',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const stored = () =>
      database.db.selectFrom('download_tokens').select('query').where('list', '=', 'audit-log').execute();
    expect(await stored(), 'what the list does not know is not stored').toEqual([{ query: range }]);

    const card = await tokenFor(auditor, 'audit-log', { ...range, username: '4111 1111 1111 1111' });
    expect(card.statusCode).toBe(400);
    expect(card.json()).toEqual({
      errorMessage: EXPORT_MESSAGES.cardNumber,
      code: 'VALIDATION_FAILED',
      details: [{ location: 'body', field: 'username', message: EXPORT_MESSAGES.cardNumber }],
    });
    const inTags = await tokenFor(nobody, 'finance-outbox', {
      tag: ['kind:exceptions', 'party:4111111111111111'],
    });
    expect(inTags.json(), 'within a list too').toMatchObject({
      errorMessage: EXPORT_MESSAGES.cardNumber,
      details: [{ field: 'tag' }],
    });
    const voucherViewer = await createTestUser(database, ['VIEW_VOUCHERS', 'VIEW_TRANSACTIONS']);
    const inSearchField = await tokenFor(
      (await login(app, voucherViewer.username, voucherViewer.password)).access_token,
      'vouchers',
      { orderReference: '4111111111111111' },
    );
    expect(inSearchField.json(), "the export's reason, not the search's").toMatchObject({
      errorMessage: EXPORT_MESSAGES.cardNumber,
      details: [{ field: 'orderReference', message: EXPORT_MESSAGES.cardNumber }],
    });
    const wrongStatus = await tokenFor(auditor, 'audit-log', { status: 'LOST' });
    expect(wrongStatus.json<{ errorMessage: string }>().errorMessage).toMatch(/^Invalid request: status: ./);
    expect(await stored(), 'a refused filter stores nothing').toEqual([{ query: range }]);
    expect(
      await database.db
        .selectFrom('download_tokens')
        .select('list')
        .where('list', '=', 'finance-outbox')
        .execute(),
    ).toEqual([]);
    await database.db.deleteFrom('download_tokens').where('list', '=', 'audit-log').execute();
  });
});
