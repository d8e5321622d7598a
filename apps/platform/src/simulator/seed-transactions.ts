import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { ensureDayPartitions } from '../modules/transactions/partitions.ts';
import { createTransactionsRepository, type RecordedLeg } from '../modules/transactions/repository.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../time.ts';
import { createTrafficEngine, TICK_MS, type SafQueueState, type Topology } from './engine.ts';
import { networkManagementLegs } from './network-management.ts';
import { createRandom, deriveSeed } from './random.ts';
import { createSimulatorRepository } from './repository.ts';
import { createLegRecorder, takeStartedLegs } from './transaction-legs.ts';

/** Legs per transaction: small enough that a request waiting for the connection is answered within a second. */
const BATCH_LEGS = 1_000;
/** The history is written an hour at a time, newest first. */
const HISTORY_WINDOW_MS = HOUR_MS;

export interface SeedTransactionsOptions {
  count: number;
  /** Spread over about this many days before `now`. */
  days: number;
  now: Date;
  seed: number;
  onProgress?: (seeded: number) => void;
}

/**
 * The first tick such that the ticks from it to `end` hold `count` transactions. A tick's
 * arrivals depend only on the seed, its time and the topology, so counting backwards and then
 * writing forwards draws the same traffic.
 */
function findFirstTick(seed: number, tps: number, topology: Topology, end: number, count: number): number {
  const counter = createTrafficEngine({ seed, tps });
  let total = 0;
  for (let tick = end; ; tick -= TICK_MS) {
    total += counter.simulateTick(tick, topology, [], true).transactions.length;
    if (total >= count) return tick;
  }
}

export interface TransactionHistoryOptions {
  seed: number;
  /** Average transactions per second over a day (the traffic engine's rate). */
  tps: number;
  /** The first and last tick to simulate (multiples of TICK_MS), both included. */
  firstTick: number;
  lastTick: number;
  /** Stop drawing after this many transactions. */
  limit?: number;
  onProgress?: (written: number) => void;
  /** Checked between batches: false ends the writing early (the platform is stopping). */
  shouldContinue?: () => boolean;
}

async function analyze(db: Db): Promise<void> {
  await sql`analyze transactions, transaction_messages`.execute(db);
}

async function loadTrafficTopology(db: Db): Promise<Topology> {
  const topology = await createSimulatorRepository().loadTopology(db);
  if (topology.nodes.length === 0 || topology.services.length === 0) {
    throw new Error('The switch has no nodes or no services: there is no traffic to seed');
  }
  return topology;
}

/**
 * Writes the transactions (with their follow-up legs and messages) the traffic engine draws for
 * the ticks from firstTick to lastTick: the seed command and the simulator's first-start history
 * share it. The newest hour comes first, so today's list fills at once while older hours follow;
 * within an hour, legs are written in the order they started.
 */
export async function writeTransactionHistory(
  db: Db,
  options: TransactionHistoryOptions,
): Promise<{ transactions: number; legs: number }> {
  const topology = await loadTrafficTopology(db);
  // Each day's legs go to its own partition, not the DEFAULT one (follow-up legs start up to a minute later).
  await ensureDayPartitions(db, new Date(options.firstTick), new Date(options.lastTick + MINUTE_MS));
  const transactionsRepository = createTransactionsRepository();
  const recordLegs = createLegRecorder(await transactionsRepository.loadCatalogue(db));
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const keepGoing = options.shouldContinue ?? (() => true);
  let transactions = 0;
  let legs = 0;
  let batch: RecordedLeg[] = [];
  const flush = async () => {
    const pending = batch;
    batch = [];
    await db.transaction().execute((tx) => transactionsRepository.insertLegs(tx, pending));
    legs += pending.length;
  };

  const windowTicks = HISTORY_WINDOW_MS / TICK_MS;
  for (
    let windowEnd = options.lastTick;
    windowEnd >= options.firstTick && transactions < limit && keepGoing();
    windowEnd -= windowTicks * TICK_MS
  ) {
    const windowStart = Math.max(options.firstTick, windowEnd - (windowTicks - 1) * TICK_MS);
    // A tick's arrivals depend only on the seed, its time and the topology: each hour has its own engine.
    const engine = createTrafficEngine({ seed: options.seed, tps: options.tps });
    const queues: SafQueueState[] = [];
    let waiting: RecordedLeg[] = [];
    for (let tick = windowStart; tick <= windowEnd && keepGoing(); tick += TICK_MS) {
      const random = createRandom(deriveSeed(options.seed ^ 0x5eed, tick));
      const drawn: RecordedLeg[] = [...waiting, ...networkManagementLegs(tick)];
      for (const transaction of engine.simulateTick(tick, topology, queues, true).transactions) {
        if (transactions >= limit) break;
        const recorded = recordLegs(transaction, random);
        if (recorded.length === 0) continue;
        drawn.push(...recorded);
        transactions += 1;
        if (transactions % 100_000 === 0) options.onProgress?.(transactions);
      }
      // The hour's last tick also writes the follow-up legs that start after it.
      const { started, later } = takeStartedLegs(drawn, tick === windowEnd ? Number.POSITIVE_INFINITY : tick);
      batch.push(...started);
      waiting = later;
      if (batch.length >= BATCH_LEGS) await flush();
    }
    await flush();
    // Each hour's new pages marked all-visible, so list pages are index-only scans; one hour at a
    // time, since vacuuming the whole history at once would hold PGlite's connection for seconds.
    await sql`vacuum transactions`.execute(db);
    await sql`vacuum transaction_messages`.execute(db);
    if (windowEnd === options.lastTick) {
      // Statistics for the planner as soon as the newest hour is there, so its pages are quick.
      await analyze(db);
    }
  }
  await analyze(db);
  return { transactions, legs };
}

/**
 * Fills the database with exactly `count` simulated transactions (plus their follow-up legs and
 * messages) ending now, from the same pipeline the live simulator uses.
 */
export async function seedTransactions(
  db: Db,
  options: SeedTransactionsOptions,
): Promise<{ transactions: number; legs: number }> {
  const topology = await loadTrafficTopology(db);
  const tps = options.count / ((options.days * DAY_MS) / SECOND_MS);
  const lastTick = Math.floor(options.now.getTime() / TICK_MS) * TICK_MS;
  return writeTransactionHistory(db, {
    seed: options.seed,
    tps,
    firstTick: findFirstTick(options.seed, tps, topology, lastTick, options.count),
    lastTick,
    limit: options.count,
    onProgress: options.onProgress,
  });
}
