import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { askExportToken, exportLines } from '../../testing/exports.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { createVouchersRepository } from './repository.ts';
import { referenceOfId } from './references.ts';

/** More than one cursor batch. */
const VOUCHERS = 1_200;
const HEADER = 'Reference Number,Date Last Modified,Date Created,Status';
const CREATED = Date.UTC(2025, 5, 1);

describe.each(TEST_DATABASE_KINDS)('the vouchers export on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  let viewer: string;
  let nobody: string;
  let transactionsOnly: string;
  let references: string[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
    const user = await createTestUser(database, ['VIEW_VOUCHERS', 'VIEW_TRANSACTIONS']);
    viewer = (await login(app, user.username, user.password)).access_token;
    const other = await createTestUser(database, ['VIEW_AUDITS']);
    nobody = (await login(app, other.username, other.password)).access_token;
    // A finance role holds VIEW_TRANSACTIONS, but not the vouchers' own permission.
    const finance = await createTestUser(database, ['VIEW_TRANSACTIONS', 'VIEW_PROCESSES']);
    transactionsOnly = (await login(app, finance.username, finance.password)).access_token;
    const repository = createVouchersRepository();
    const ids = await repository.reserveIds(database.db, VOUCHERS);
    references = ids.map(referenceOfId);
    await repository.insertVouchers(
      database.db,
      ids.map((id, index) => ({
        id,
        reference: referenceOfId(id),
        customerId: 'C00000042',
        state: index % 2 === 0 ? 'REDEEMABLE' : 'CREATED',
        currency: 'ZAR',
        amountMinor: 1_000,
        balanceMinor: 1_000,
        recipientId: null,
        created: new Date(CREATED + index * 1000),
        // Changed in the reverse order of creation: each order is seen.
        modified: new Date(CREATED + (VOUCHERS - index) * 1000),
        lastEvent: 0,
      })),
    );
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('exports every voucher of the search, by last change unless only creation bounds are given', async () => {
    const byChange = await exportLines(app, viewer, 'vouchers', {
      fromLastModifiedDatetime: new Date(CREATED).toISOString(),
      toLastModifiedDatetime: new Date(CREATED + 2 * VOUCHERS * 1000).toISOString(),
    });
    expect(byChange[0]).toBe(HEADER);
    expect(byChange).toHaveLength(VOUCHERS + 1);
    expect(byChange[1], 'the last changed first').toBe(
      `${references[0]},2025-06-01T00:20:00.000Z,2025-06-01T00:00:00.000Z,REDEEMABLE`,
    );
    const byCreation = await exportLines(app, viewer, 'vouchers', {
      fromDatetime: new Date(CREATED).toISOString(),
      toDatetime: new Date(CREATED + 2 * VOUCHERS * 1000).toISOString(),
    });
    expect(byCreation).toHaveLength(VOUCHERS + 1);
    expect(byCreation[1], 'the newest first').toBe(
      `${references.at(-1)},2025-06-01T00:00:01.000Z,2025-06-01T00:19:59.000Z,CREATED`,
    );
    expect(await exportLines(app, viewer, 'vouchers', { orderReference: references[5] })).toHaveLength(2);
  });

  it('exports only with both permissions the vouchers list asks for, and only a valid search', async () => {
    expect((await askExportToken(app, nobody, 'vouchers', {})).statusCode).toBe(403);
    // Both permissions the vouchers' list asks for, as its route does.
    const refused = await askExportToken(app, transactionsOnly, 'vouchers', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      errorMessage: 'You need the VIEW_VOUCHERS and VIEW_TRANSACTIONS permissions to export this list.',
    });
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/moneytransfer/orders',
          headers: { authorization: `Bearer ${transactionsOnly}` },
        })
      ).statusCode,
    ).toBe(403);
    const backwards = { fromDatetime: '2026-01-02T00:00:00Z', toDatetime: '2026-01-01T00:00:00Z' };
    expect((await askExportToken(app, viewer, 'vouchers', backwards)).statusCode).toBe(400);
  });
});
