import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { HOUR_MS, MINUTE_MS, SECOND_MS } from '../time.ts';
import { TICK_MS } from './engine.ts';
import { writeTransactionHistory } from './seed-transactions.ts';
import { createSimulator } from './simulator.ts';
import { createTransactionRecorder } from './transaction-recorder.ts';

const SILENT = { info: () => undefined, error: () => undefined };
const START = new Date('2026-03-02T10:00:00Z');
const HISTORY_MS = 30 * MINUTE_MS;

describe('the first start’s transaction history', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  function simulatorAt(time: Date) {
    const clock = new ManualClock(time);
    const simulator = createSimulator({
      db: database.db,
      clock,
      seed: 5,
      tps: 2,
      log: SILENT,
      backfillMs: HISTORY_MS,
      transactionHistoryMs: HISTORY_MS,
    });
    simulator.onTransactions(createTransactionRecorder({ seed: 5, retentionDays: 7 }));
    return { simulator, clock };
  }

  async function legTimes(): Promise<number[]> {
    const rows = await database.db.selectFrom('transactions').select('time_started').orderBy('seq').execute();
    return rows.map((row) => row.time_started.getTime());
  }

  it('writes the transactions of the history once, in the order they started', async () => {
    const first = simulatorAt(START);
    await first.simulator.prepare();
    const prepared = await first.simulator.writePlannedHistory();
    // About 2 per second over 30 minutes.
    expect(prepared.transactions).toBeGreaterThan(2_500);
    expect(prepared.transactions).toBeLessThan(5_000);
    const history = await legTimes();
    expect(history.length).toBeGreaterThanOrEqual(prepared.transactions);
    // The metric history ends at the last whole tick before the start; the transactions with it.
    expect(Math.min(...history)).toBeGreaterThanOrEqual(START.getTime() - HISTORY_MS - TICK_MS);
    expect(Math.min(...history)).toBeLessThan(START.getTime() - HISTORY_MS + MINUTE_MS);
    expect(Math.max(...history)).toBeLessThan(START.getTime() + 5 * SECOND_MS);
    expect(history).toEqual([...history].sort((a, b) => a - b));

    // The live ticks carry on after it.
    first.clock.advance(TICK_MS);
    await first.simulator.tick();
    const withLive = await legTimes();
    expect(withLive.length).toBeGreaterThan(history.length);

    // A later start finds transactions and writes no history.
    const again = simulatorAt(new Date(START.getTime() + 10 * MINUTE_MS));
    await again.simulator.prepare();
    expect((await again.simulator.writePlannedHistory()).transactions).toBe(0);
    const counted = await sql<{ count: string | number }>`select count(*) as count from transactions`.execute(
      database.db,
    );
    expect(Number(counted.rows[0]?.count)).toBe(withLive.length);
  });
});

describe('writing a history of several hours', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  it('writes the newest hour first, and each hour in the order its legs started', async () => {
    const lastTick = START.getTime();
    const firstTick = lastTick - 150 * MINUTE_MS + TICK_MS;
    const written = await writeTransactionHistory(database.db, { seed: 9, tps: 0.5, firstTick, lastTick });
    expect(written.transactions).toBeGreaterThan(2_000);

    const rows = await database.db
      .selectFrom('transactions')
      .select(['time_started', 'seq'])
      .orderBy('seq')
      .execute();
    expect(rows).toHaveLength(written.legs);
    // Which hour-long window of the history (counted back from its last tick) a leg began in.
    const windowOf = (time: number) => Math.floor((lastTick - time) / HOUR_MS);
    const windows = rows.map((row) => Math.max(0, windowOf(row.time_started.getTime())));
    const firstSeen = [...new Set(windows)];
    expect(firstSeen).toEqual([0, 1, 2]);
    // Within the newest hour's writing, legs are in the order they started.
    const newest = rows.slice(0, windows.indexOf(1)).map((row) => row.time_started.getTime());
    expect(newest).toEqual([...newest].sort((a, b) => a - b));
    expect(Math.max(...newest)).toBeGreaterThan(lastTick - MINUTE_MS);
  });
});
