import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCompactIso } from '@web-control/contract/transactions';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { TICK_MS } from '../../simulator/engine.ts';
import { writeTransactionHistory } from '../../simulator/seed-transactions.ts';
import { askExportToken, exportLines } from '../../testing/exports.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { MINUTE_MS } from '../../time.ts';

const END = new Date('2026-03-02T12:00:00Z').getTime();
const HEADER = 'Time started,Reference,Service,Receiver,Originator,State';

describe.each(TEST_DATABASE_KINDS)('the transactions export on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  let viewer: string;
  let nobody: string;
  const range = {
    dateFrom: formatCompactIso(new Date(END - 60 * MINUTE_MS)),
    dateTo: formatCompactIso(new Date(END)),
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // An hour of traffic: more legs than one cursor batch.
    await writeTransactionHistory(database.db, {
      seed: 7,
      tps: 0.5,
      firstTick: END - 60 * MINUTE_MS + TICK_MS,
      lastTick: END,
    });
    app = await buildTestApp({ database });
    const user = await createTestUser(database, ['VIEW_TRANSACTIONS']);
    viewer = (await login(app, user.username, user.password)).access_token;
    const other = await createTestUser(database, ['MONITOR_SERVICES']);
    nobody = (await login(app, other.username, other.password)).access_token;
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('exports every leg of the filter, newest first, as the list shows them', async () => {
    const newest = await database.db
      .selectFrom('transactions')
      .select(['seq', 'time_started', 'reference_number', 'service_desc', 'receiver_name', 'tran_state'])
      .orderBy('time_started', 'desc')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('transactions')
      .set({ originator_id: '=cmd|calc' })
      .where('seq', '=', newest.seq)
      .execute();
    const total = await database.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBeGreaterThan(1000);

    const lines = await exportLines(app, viewer, 'transactions', range);
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(Number(total.n) + 1);
    expect(lines[1], 'the newest leg, its originator made inert').toBe(
      [
        new Date(newest.time_started).toISOString(),
        newest.reference_number,
        newest.service_desc,
        newest.receiver_name ?? '',
        `'=cmd|calc`,
        newest.tran_state,
      ].join(','),
    );
  });

  it('exports only the legs of the filter, and only with VIEW_TRANSACTIONS', async () => {
    const service = await database.db
      .selectFrom('transactions')
      .select((eb) => ['service_type_id', eb.fn.countAll<string | number>().as('n')])
      .groupBy('service_type_id')
      .orderBy('service_type_id')
      .executeTakeFirstOrThrow();
    const lines = await exportLines(app, viewer, 'transactions', {
      ...range,
      service: service.service_type_id,
    });
    expect(lines).toHaveLength(Number(service.n) + 1);
    const before = await exportLines(app, viewer, 'transactions', {
      dateTo: formatCompactIso(new Date(END - 120 * MINUTE_MS)),
    });
    expect(before).toEqual([HEADER]);

    expect((await askExportToken(app, nobody, 'transactions', range)).statusCode).toBe(403);
    expect((await askExportToken(app, viewer, 'transactions', { stan: '12' })).statusCode).toBe(400);
  });
});
