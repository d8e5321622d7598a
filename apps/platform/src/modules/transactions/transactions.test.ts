import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatCompactIso,
  messagesResponseSchema,
  receiverOptionsResponseSchema,
  serviceTypesResponseSchema,
  transactionLegResponseSchema,
  transactionsResponseSchema,
  type Transaction,
} from '@web-control/contract/transactions';
import { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { TICK_MS } from '../../simulator/engine.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { explainTransactionPage, findPlanNode } from '../../testing/query-plans.ts';
import { createTransactionsRepository } from './repository.ts';
import { seedTransactions } from '../../simulator/seed-transactions.ts';
import { createTransactionRecorder } from '../../simulator/transaction-recorder.ts';
import { DAY_MS, MINUTE_MS } from '../../time.ts';
import { TRANSACTION_MESSAGES } from './service.ts';

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';
const START = new Date('2026-03-02T08:00:00Z');

describe.each(TEST_DATABASE_KINDS)('transactions API on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let nobodyToken: string;
  let viewerToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database, clock: new ManualClock(START), settings: { simulatorTps: 40 } });
    const nobody = await createTestUser(database, ['MONITOR_SERVICES']);
    nobodyToken = (await login(app, nobody.username, nobody.password)).access_token;
    const viewer = await createTestUser(database, ['VIEW_TRANSACTIONS']);
    viewerToken = (await login(app, viewer.username, viewer.password)).access_token;
    await app.services.simulator.prepare();
    await ticks(4);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function ticks(count: number): Promise<void> {
    for (let index = 0; index < count; index += 1) {
      app.clock.advance(TICK_MS);
      await app.services.simulator.tick();
    }
  }

  function get(url: string, token: string | null = viewerToken) {
    return app.inject({
      method: 'GET',
      url,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  }

  async function list(query: Record<string, string | number> = {}) {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    const response = await get(`/api/ecs/transactions?${search.toString()}`);
    expect(response.statusCode, response.body).toBe(200);
    return transactionsResponseSchema.parse(response.json());
  }

  /** Every row the filter matches, page by page, pinned to the first page's newest row. */
  async function listAll(query: Record<string, string> = {}): Promise<Transaction[]> {
    const first = await list(query);
    const rows = [...first.transactions];
    let paging = first.paging;
    const latestRecord = first.transactions[0]?.uuid;
    for (let offset = 20; paging.nextPage && latestRecord !== undefined; offset += 20) {
      const page = await list({ ...query, latestRecord, offset });
      rows.push(...page.transactions);
      paging = page.paging;
    }
    return rows;
  }

  async function countRows(condition: RawBuilder<unknown> = sql`true`): Promise<number> {
    const result = await sql<{ count: string | number }>`
      select count(*) as count from transactions where ${condition}`.execute(database.db);
    return Number(result.rows[0]?.count);
  }

  it('answers every transaction route only with VIEW_TRANSACTIONS', async () => {
    const { transactions } = await list();
    const uuid = transactions[0]?.uuid ?? UNKNOWN_UUID;
    const routes = [
      '/api/ecs/transactions',
      '/api/ecs/service_types',
      '/api/ecs/originator_types',
      '/api/ecs/transaction_states',
      '/api/ecs/receivers',
      `/api/ecs/transactions/${uuid}`,
      `/api/ecs/transactions/${uuid}/messages`,
    ];
    for (const url of routes) {
      const anonymous = await get(url, null);
      expect(anonymous.statusCode, url).toBe(401);
      const refused = await get(url, nobodyToken);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json<{ errorMessage: string }>().errorMessage, url).toBe(
        'You do not have permission to do this.',
      );
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('offers the filter options', async () => {
    const serviceTypes = serviceTypesResponseSchema.parse((await get('/api/ecs/service_types')).json());
    expect(serviceTypes.serviceTypes).toContainEqual({ id: 'purchase', serviceDesc: 'Purchase' });
    expect(serviceTypes.serviceTypes).toContainEqual({ id: 'reversal', serviceDesc: 'Reversal' });
    const receivers = receiverOptionsResponseSchema.parse((await get('/api/ecs/receivers')).json());
    expect(receivers.receivers).toContainEqual({ id: 'visa-base-i', receiverName: 'Visa Base I' });
    expect((await get('/api/ecs/transaction_states')).json()).toEqual({
      tranStates: [
        'In flight',
        'SAF queue',
        'Approved',
        'Declined',
        'Timeout',
        'Completed',
        'Completed abnormally',
      ],
    });
    expect(
      (await get('/api/ecs/originator_types')).json<{ originatorTypes: unknown[] }>().originatorTypes,
    ).toContainEqual({
      id: 'atm',
      originatorDesc: 'ATM',
    });
  });

  it('stores what the simulated switch records: legs, edge messages, service data', async () => {
    const all = await listAll();
    expect(all.length).toBe(await countRows());
    expect(all.length).toBeGreaterThan(600);
    // Newest first, and no row twice.
    const times = all.map((row) => Date.parse(row.timeStarted));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(all.map((row) => row.uuid)).size).toBe(all.length);

    const reversal = all.find((row) => row.serviceDesc === 'Reversal');
    expect(reversal, 'a timed-out request is followed by a reversal leg').toBeDefined();
    const second = transactionLegResponseSchema.parse(
      (await get(`/api/ecs/transactions/${reversal?.uuid ?? ''}`)).json(),
    );
    expect(second.transactionLeg.state).toBe('Completed');
    expect(second.transactionLeg.uuidNext).toBeNull();
    const first = transactionLegResponseSchema.parse(
      (await get(`/api/ecs/transactions/${second.transactionLeg.uuidPrev ?? ''}`)).json(),
    );
    expect(first.transactionLeg).toMatchObject({
      state: 'Timeout',
      uuidPrev: null,
      uuidNext: reversal?.uuid,
    });
    expect(first.transaction.referenceNumber).toBe(reversal?.referenceNumber);

    const approved = all.find((row) => row.tranState === 'Approved' && row.serviceDesc === 'Purchase');
    expect(approved?.serviceData?.base[0]).toMatchObject({ name: 'Amount', meta: { currency: 'ZAR' } });
    const messages = messagesResponseSchema.parse(
      (await get(`/api/ecs/transactions/${approved?.uuid ?? ''}/messages`)).json(),
    ).messages;
    expect(messages.map((message) => `${message.edgeType} ${message.direction}`)).toEqual([
      'INLET RECEIVE',
      'OUTLET SEND',
      'OUTLET RECEIVE',
      'INLET SEND',
    ]);
    expect(messages[1]?.edgeName).toBe(approved?.receiver);
    // A card leg speaks ISO 8583, answered decoded and linked; the card number masked.
    expect(messages.map((message) => message.iso8583?.messageType)).toEqual([
      'Financial request',
      'Authorisation request',
      'Authorisation response',
      'Financial response',
    ]);
    expect(messages[0]?.content).toMatch(/^0200[0-9A-F]{16}16\d{6}\*{6}\d{4}000000/);
    expect(messages[0]?.iso8583?.fields[0]).toMatchObject({ number: 2, name: 'Primary account number' });
    expect(messages[0]?.iso8583?.exchange).toEqual({ role: 'request', counterpartId: '3', late: false });
    expect(messages[3]?.iso8583?.fields.find((field) => field.number === 39)).toMatchObject({
      value: '00',
      meaning: { kind: 'text', text: 'Approved' },
    });

    const everyContent = await database.db
      .selectFrom('transaction_messages')
      .select(['content', 'nr_repeats'])
      .execute();
    expect(
      everyContent.some((row) => row.content.startsWith('<')),
      'XML',
    ).toBe(true);
    expect(
      everyContent.some((row) => row.content.startsWith('{')),
      'JSON',
    ).toBe(true);
    expect(
      everyContent.some((row) => /^0[1248][0-3]0[0-9A-F]{16}/.test(row.content)),
      'ISO 8583',
    ).toBe(true);
    expect(
      everyContent.some((row) => row.content.startsWith('TXN ')),
      'plain text',
    ).toBe(true);
    expect(
      everyContent.some((row) => row.nr_repeats > 1),
      'repeats',
    ).toBe(true);
  });

  it('filters by service, receiver, both, reference and date range, each across every page', async () => {
    const byService = await listAll({ service: 'purchase' });
    expect(byService.length).toBe(await countRows(sql`service_type_id = 'purchase'`));
    expect(new Set(byService.map((row) => row.serviceDesc))).toEqual(new Set(['Purchase']));

    const byReceiver = await listAll({ receiver: 'visa-base-i' });
    expect(byReceiver.length).toBe(await countRows(sql`receiver_id = 'visa-base-i'`));
    expect(new Set(byReceiver.map((row) => row.receiver))).toEqual(new Set(['Visa Base I']));

    const both = await listAll({ service: 'purchase', receiver: 'visa-base-i' });
    expect(both.length).toBe(
      await countRows(sql`service_type_id = 'purchase' and receiver_id = 'visa-base-i'`),
    );
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(byService.length);

    const reversal = (await listAll({ service: 'reversal' }))[0];
    const byReference = await list({ reference: reversal?.referenceNumber ?? '' });
    expect(byReference.transactions.map((row) => row.serviceDesc).sort()).toEqual(
      expect.arrayContaining(['Reversal']),
    );
    expect(new Set(byReference.transactions.map((row) => row.referenceNumber))).toEqual(
      new Set([reversal?.referenceNumber]),
    );
    expect((await list({ reference: '000000000000' })).transactions).toEqual([]);

    // One tick's worth: dateFrom inclusive, dateTo inclusive through its whole second.
    const from = new Date(START.getTime() + TICK_MS);
    const to = new Date(from.getTime() + TICK_MS - 1000);
    const window = await listAll({ dateFrom: formatCompactIso(from), dateTo: formatCompactIso(to) });
    expect(window.length).toBe(
      await countRows(sql`time_started >= ${from} and time_started < ${new Date(to.getTime() + 1000)}`),
    );
    expect(window.every((row) => Date.parse(row.timeStarted) >= from.getTime())).toBe(true);
    expect(window.every((row) => Date.parse(row.timeStarted) < to.getTime() + 1000)).toBe(true);
    expect(window.length).toBeGreaterThan(0);

    // The last second of the supported years bounds nothing, rather than fail the query.
    const throughTheEnd = await list({ dateFrom: formatCompactIso(from), dateTo: '99991231T235959Z' });
    const unbounded = await list({ dateFrom: formatCompactIso(from) });
    expect(throughTheEnd.transactions).toEqual(unbounded.transactions);
    expect(throughTheEnd.transactions.length).toBeGreaterThan(0);
  });

  it('finds card legs by masked card number and by STAN within a date range', async () => {
    const card = await database.db
      .selectFrom('transactions')
      .select(['card_key', 'stan', 'time_started'])
      .where('card_key', 'is not', null)
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    const key = card.card_key ?? '';
    const masked = `${key.slice(0, 6)}******${key.slice(6)}`;
    const byCard = await listAll({ card: masked });
    expect(byCard.length).toBe(await countRows(sql`card_key = ${key}`));
    expect(byCard.length).toBeGreaterThan(0);
    for (const row of byCard) {
      expect(row.serviceData?.base.find((entry) => entry.name === 'Card')?.value).toBe(masked);
    }
    // Any mask between the first 6 and the last 4 will do.
    expect((await list({ card: `${key.slice(0, 6)}…${key.slice(6)}` })).transactions).toEqual(
      byCard.slice(0, 20),
    );

    const day = {
      dateFrom: formatCompactIso(new Date(START.getTime() - DAY_MS)),
      dateTo: formatCompactIso(new Date(START.getTime() + DAY_MS)),
    };
    const byStan = await listAll({ stan: card.stan ?? '', ...day });
    expect(byStan.length).toBe(await countRows(sql`stan = ${card.stan}`));
    expect(byStan.map((row) => row.serviceData?.base.find((entry) => entry.name === 'STAN')?.value)).toEqual(
      byStan.map(() => card.stan),
    );
    const before = formatCompactIso(new Date(START.getTime() - DAY_MS));
    expect((await list({ stan: card.stan ?? '', dateFrom: before, dateTo: before })).transactions).toEqual(
      [],
    );

    for (const [query, message] of [
      [{ stan: '12345' }, 'Must be a STAN: six digits, such as 004217'],
      [
        { card: '4895371234' },
        'Must be a masked card number: its first 6 and last 4 digits, such as 489537******1234',
      ],
      [
        { card: '4895370012345671' },
        'Must be a masked card number: its first 6 and last 4 digits, such as 489537******1234',
      ],
    ] as const) {
      const response = await get(`/api/ecs/transactions?${new URLSearchParams(query).toString()}`);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    }
  });

  it('serves every filter combination from an index, in list order, without sorting', async () => {
    const combinations = [
      {},
      { reference: '123456789012' },
      { stan: '004217' },
      { cardKey: '4895371234' },
    ].flatMap((reference) =>
      [{}, { serviceTypeId: 'purchase' }].flatMap((service) =>
        [{}, { receiverId: 'visa-base-i' }].map((receiver) => ({ ...reference, ...service, ...receiver })),
      ),
    );
    for (const filter of combinations) {
      const page = await database.db.transaction().execute(async (tx) => {
        // On a table this small the planner rightly prefers scanning and sorting; what matters is
        // that an index can serve the page in order when the table is large.
        for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) {
          await sql`select set_config(${setting}, 'off', true)`.execute(tx);
        }
        const range = {
          from: START,
          before: new Date(START.getTime() + MINUTE_MS),
          pinnedAt: { timeStarted: START.toISOString(), seq: 1_000_000 },
        };
        return explainTransactionPage(tx, { ...filter, ...range }, 200, 21);
      });
      // The page itself (the Limit under the join): read from an index in order, never sorted.
      const label = JSON.stringify(filter);
      expect(page, label).toBeDefined();
      expect(
        findPlanNode(page, (node) => node['Node Type'] === 'Sort'),
        label,
      ).toBeUndefined();
      expect(
        findPlanNode(page, (node) => node['Node Type'] === 'Seq Scan'),
        label,
      ).toBeUndefined();
      const expectedIndex =
        'reference' in filter
          ? 'transactions_reference_idx'
          : 'stan' in filter
            ? 'transactions_stan_time_idx'
            : 'cardKey' in filter
              ? 'transactions_card_time_idx'
              : 'serviceTypeId' in filter && 'receiverId' in filter
                ? 'transactions_service_receiver_time_idx'
                : 'serviceTypeId' in filter
                  ? 'transactions_service_time_idx'
                  : 'receiverId' in filter
                    ? 'transactions_receiver_time_idx'
                    : 'transactions_time_idx';
      expect(findPlanNode(page, (node) => node['Index Name'] !== undefined)?.['Index Name'], label).toBe(
        expectedIndex,
      );
    }
  });

  it('keeps later pages stable while new transactions arrive', async () => {
    const first = await list();
    expect(first.transactions).toHaveLength(20);
    expect(first.paging).toEqual({ previousPage: false, nextPage: true });
    const latestRecord = first.transactions[0]?.uuid ?? '';
    const second = await list({ latestRecord, offset: 20 });
    expect(second.paging.previousPage).toBe(true);

    await ticks(1);
    const secondAgain = await list({ latestRecord, offset: 20 });
    expect(secondAgain.transactions.map((row) => row.uuid)).toEqual(
      second.transactions.map((row) => row.uuid),
    );
    const unpinned = await list({ offset: 20 });
    expect(unpinned.transactions.map((row) => row.uuid)).not.toEqual(
      second.transactions.map((row) => row.uuid),
    );
    expect((await list()).transactions[0]?.uuid).not.toBe(latestRecord);
  });

  it('refuses bad queries with a clear message, and unknown transactions with 404', async () => {
    const badDate = await get('/api/ecs/transactions?dateFrom=2026-03-02');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json<{ errorMessage: string }>().errorMessage).toContain(
      'Must be a date and time in compact ISO 8601 basic format, such as 20261122T000000Z',
    );
    const impossible = await get('/api/ecs/transactions?dateFrom=20260231T000000Z');
    expect(impossible.statusCode).toBe(400);
    const reversed = await get('/api/ecs/transactions?dateFrom=20260302T100000Z&dateTo=20260302T090000Z');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<{ errorMessage: string }>().errorMessage).toContain(
      'dateTo must not precede dateFrom',
    );
    expect((await get('/api/ecs/transactions?offset=-20')).statusCode).toBe(400);
    expect((await get('/api/ecs/transactions?latestRecord=nope')).statusCode).toBe(400);
    expect((await get('/api/ecs/transactions/not-a-uuid')).statusCode).toBe(400);
    for (const url of [
      `/api/ecs/transactions/${UNKNOWN_UUID}`,
      `/api/ecs/transactions/${UNKNOWN_UUID}/messages`,
    ]) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json<{ errorMessage: string }>().errorMessage).toBe(TRANSACTION_MESSAGES.notFound);
      expect(missing.json<{ details: unknown }>().details, 'it never will exist').toEqual({ pending: false });
    }
  });

  it('tells a leg still being written (named by a new leg as its next) from one that never will be', async () => {
    const newest = (await list()).transactions[0];
    const followUp = '00000000-0000-4000-8000-0000000000f1';
    await sql`update transactions set uuid_next = ${followUp} where uuid = ${newest?.uuid ?? ''}`.execute(
      database.db,
    );
    for (const url of [`/api/ecs/transactions/${followUp}`, `/api/ecs/transactions/${followUp}/messages`]) {
      const pending = await get(url);
      expect(pending.statusCode, url).toBe(404);
      expect(pending.json()).toMatchObject({
        errorMessage: TRANSACTION_MESSAGES.pending,
        details: { pending: true },
      });
    }
  });

  it('prunes legs and their messages older than the retention period', async () => {
    const before = await countRows();
    const recorder = createTransactionRecorder({ seed: 1, retentionDays: 1 });
    const cutoffTick = START.getTime() + 2 * TICK_MS + DAY_MS;
    await database.db.transaction().execute((tx) => recorder([], cutoffTick, tx));
    const after = await countRows();
    expect(after).toBeLessThan(before);
    expect(await countRows(sql`time_started < ${new Date(START.getTime() + 2 * TICK_MS)}`)).toBe(0);
    const orphans = await database.db
      .selectFrom('transaction_messages')
      .leftJoin('transactions', 'transactions.seq', 'transaction_messages.transaction_seq')
      .select('transaction_messages.position')
      .where('transactions.seq', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('seeds a given number of transactions over the last days', async () => {
    const repository = createTransactionsRepository();
    const before = await repository.countTransactions(database.db);
    const now = new Date('2026-02-20T12:00:00Z');
    const seeded = await seedTransactions(database.db, { count: 300, days: 1, now, seed: 3 });
    expect(seeded.transactions).toBe(300);
    expect(await repository.countTransactions(database.db)).toBe(before + seeded.legs);
    // Ending now (follow-up legs a few seconds later), starting about a day before.
    expect(
      await countRows(sql`time_started > ${new Date(now.getTime() + 10_000)} and time_started < ${START}`),
    ).toBe(0);
    const firstDay = await countRows(
      sql`time_started between ${new Date(now.getTime() - 2 * DAY_MS)} and ${now}`,
    );
    expect(firstDay).toBeGreaterThan(seeded.legs * 0.95);
  });
});
