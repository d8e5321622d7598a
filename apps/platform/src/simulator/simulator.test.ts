import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../testing/test-database.ts';
import { TICK_MS, type SimulatedTransaction } from './engine.ts';
import { MINUTE_MS } from '../time.ts';
import { createSimulator } from './simulator.ts';

const SILENT = { info: () => undefined, error: () => undefined };
type LogLine = { fields: object; message: string };
/** 08:00:00 UTC: the start of one of MTN Airtime (SAF)'s 4-minute outages (every 15 minutes). */
const OUTAGE_START = new Date('2026-03-02T08:00:00Z');
const OUTAGE_TICKS = 24;

describe.each(TEST_DATABASE_KINDS)('simulator on %s', (kind) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  async function clearTraffic(): Promise<void> {
    await database.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('metric_points').execute();
      await tx.deleteFrom('receiver_changes').execute();
      await tx.deleteFrom('receiver_traffic').execute();
      await tx.updateTable('saf_queues').set({ length: 0, retransmits: 0 }).execute();
    });
  }

  /** A simulator on a manual clock, prepared (history written) at `start`. */
  async function simulatorAt(
    start: Date,
    options: { tps?: number; seed?: number; backfillMs?: number } = {},
  ) {
    const clock = new ManualClock(start);
    const logged: LogLine[] = [];
    const simulator = createSimulator({
      db: database.db,
      clock,
      seed: options.seed ?? 7,
      tps: options.tps ?? 4,
      log: { ...SILENT, info: (fields, message) => logged.push({ fields, message }) },
      backfillMs: options.backfillMs ?? 0,
    });
    const transactions: SimulatedTransaction[] = [];
    simulator.onTransactions((tickTransactions) => {
      transactions.push(...tickTransactions);
    });
    const prepared = await simulator.prepare();
    return {
      simulator,
      prepared,
      clock,
      transactions,
      logged,
      async advance(ticks: number) {
        for (let index = 0; index < ticks; index += 1) {
          clock.advance(TICK_MS);
          await simulator.tick();
        }
      },
    };
  }

  it('writes one point per node every 10 s, backfills history once, and is deterministic per seed', async () => {
    await clearTraffic();
    const start = new Date('2026-03-02T10:00:05Z');
    const run = await simulatorAt(start, { backfillMs: 30 * MINUTE_MS });
    expect(run.prepared.points).toBe(179 * 4);
    await run.advance(3);
    const points = await database.db
      .selectFrom('metric_points')
      .select(['node_id', 'time', 'tps_5min', 'total_messages'])
      .where('node_id', '=', 'jhb-node-01')
      .orderBy('time')
      .execute();
    expect(points).toHaveLength(179 + 4);
    for (const [index, point] of points.entries()) {
      expect(point.time.getTime() % TICK_MS).toBe(0);
      if (index > 0) {
        expect(point.time.getTime() - (points[index - 1]?.time.getTime() ?? 0)).toBe(TICK_MS);
        expect(Number(point.total_messages)).toBeGreaterThanOrEqual(
          Number(points[index - 1]?.total_messages),
        );
      }
    }
    expect(points.at(-1)?.time.toISOString()).toBe('2026-03-02T10:00:30.000Z');
    expect(points.at(-1)?.tps_5min).toBeGreaterThan(0);
    expect(run.transactions.length).toBeGreaterThan(0);

    // A second process started later writes nothing twice; the same seed gives the same traffic.
    const again = await simulatorAt(new Date(start.getTime() + 3 * TICK_MS), { backfillMs: 30 * MINUTE_MS });
    expect(again.prepared.points).toBe(0);
    const replay = await simulatorAt(start, { backfillMs: 0 });
    await replay.advance(3);
    const afterStart = (transaction: SimulatedTransaction) =>
      Number(transaction.id.split('-')[0]) > start.getTime();
    expect(replay.transactions.length).toBeGreaterThan(0);
    expect(replay.transactions).toEqual(run.transactions.filter(afterStart));
  });

  it('writes the backfilled points newest first, so the last minutes are there at once', async () => {
    await clearTraffic();
    const start = new Date('2026-03-02T10:00:05Z');
    // More than one batch of points: 4 nodes over 3 hours.
    const run = await simulatorAt(start, { backfillMs: 180 * MINUTE_MS });
    expect(run.prepared.points).toBe(1079 * 4);
    const inWritingOrder = await database.db
      .selectFrom('metric_points')
      .select('time')
      .orderBy('id')
      .execute();
    const times = inWritingOrder.map((point) => point.time.getTime());
    const newest = Math.max(...times);
    expect(new Date(newest).toISOString()).toBe('2026-03-02T09:59:50.000Z');
    // The newest point went in with the first batch, the oldest with the last.
    expect(times.indexOf(newest)).toBeLessThan(4_000);
    expect(times.indexOf(Math.min(...times))).toBeGreaterThanOrEqual(4_000);
  });

  it('routes each service in proportion to the active receivers’ weights', async () => {
    await clearTraffic();
    const run = await simulatorAt(new Date('2026-03-02T12:00:00Z'), { tps: 300 });
    await run.advance(5);
    const cards = run.transactions.filter((transaction) => transaction.serviceId === 'card-authorisations');
    expect(cards.length).toBeGreaterThan(3000);
    const share = (receiverId: string) =>
      cards.filter((transaction) => transaction.receiverId === receiverId).length / cards.length;
    // Weights 500, 300, 200.
    expect(share('visa-base-i')).toBeCloseTo(0.5, 1);
    expect(share('mastercard-banknet')).toBeCloseTo(0.3, 1);
    expect(share('amex-gateway-saf')).toBeCloseTo(0.2, 1);
    // Standard Bank EFT Backup is seeded inactive.
    expect(
      run.transactions.some((transaction) => transaction.receiverId === 'standard-bank-eft-backup'),
    ).toBe(false);
  });

  it('stops routing to a deactivated receiver from the next tick and follows a new weight', async () => {
    await clearTraffic();
    const run = await simulatorAt(new Date('2026-03-02T12:00:00Z'), { tps: 100 });
    await run.advance(1);
    const figures = async () =>
      new Map(
        (
          await database.db.selectFrom('receiver_traffic').select(['receiver_id', 'throughput']).execute()
        ).map((row) => [row.receiver_id, row.throughput]),
      );
    expect((await figures()).get('visa-base-i')).toBeGreaterThan(0);

    await database.db
      .updateTable('receivers')
      .set({ active: false })
      .where('receiver_id', '=', 'visa-base-i')
      .execute();
    await database.db
      .updateTable('receivers')
      .set({ weight: 0 })
      .where('receiver_id', '=', 'amex-gateway-saf')
      .execute();
    run.transactions.length = 0;
    await run.advance(1);
    const after = await figures();
    expect(after.get('visa-base-i')).toBe(0);
    expect(after.get('amex-gateway-saf')).toBe(0);
    const cards = run.transactions.filter((transaction) => transaction.serviceId === 'card-authorisations');
    expect(cards.length).toBeGreaterThan(100);
    expect(cards.every((transaction) => transaction.receiverId === 'mastercard-banknet')).toBe(true);

    await database.db
      .updateTable('receivers')
      .set({ active: true })
      .where('receiver_id', '=', 'visa-base-i')
      .execute();
    await database.db
      .updateTable('receivers')
      .set({ weight: 200 })
      .where('receiver_id', '=', 'amex-gateway-saf')
      .execute();
  });

  it('fills a store-and-forward queue during an outage and drains it after recovery', async () => {
    await clearTraffic();
    const run = await simulatorAt(OUTAGE_START, { tps: 40 });
    const queued = async () => {
      const rows = await database.db
        .selectFrom('saf_queues')
        .select(['length', 'retransmits'])
        .where('receiver_id', '=', 'mtn-airtime-saf')
        .execute();
      return {
        length: rows.reduce((sum, row) => sum + row.length, 0),
        retransmits: rows.reduce((sum, row) => sum + row.retransmits, 0),
      };
    };
    await run.advance(OUTAGE_TICKS - 1);
    const during = await queued();
    expect(during.length).toBeGreaterThan(100);
    expect(during.retransmits).toBeGreaterThan(0);
    const status = await database.db
      .selectFrom('receiver_changes')
      .select('current_status')
      .where('receiver_id', '=', 'mtn-airtime-saf')
      .orderBy('changed_at', 'desc')
      .orderBy('change_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(status.current_status).toBe('down');

    await run.advance(20);
    const after = await queued();
    expect(after.length).toBeLessThan(during.length / 10);
    expect(after.retransmits).toBeGreaterThan(during.retransmits + during.length / 2);
    const recovered = await database.db
      .selectFrom('receiver_changes')
      .select('current_status')
      .where('receiver_id', '=', 'mtn-airtime-saf')
      .orderBy('changed_at', 'desc')
      .orderBy('change_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(recovered.current_status).toBe('up');
    // One info line for each change, none for the ticks in between.
    expect(
      run.logged.filter(
        (line) => 'receiverId' in line.fields && line.fields.receiverId === 'mtn-airtime-saf',
      ),
    ).toEqual([
      {
        fields: { receiverId: 'mtn-airtime-saf', status: 'down' },
        message: 'Simulator: Receiver not answering',
      },
      { fields: { receiverId: 'mtn-airtime-saf', status: 'up' }, message: 'Simulator: Receiver answering' },
    ]);
  });
});
