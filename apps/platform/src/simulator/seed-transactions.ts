import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { createTransactionsRepository, type RecordedLeg } from '../modules/transactions/repository.ts';
import { DAY_MS, SECOND_MS } from '../time.ts';
import { createTrafficEngine, TICK_MS, type SafQueueState, type Topology } from './engine.ts';
import { createRandom, deriveSeed } from './random.ts';
import { createSimulatorRepository } from './repository.ts';
import { createLegRecorder, takeStartedLegs } from './transaction-legs.ts';

const BATCH_LEGS = 4_000;

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

async function loadTrafficTopology(db: Db): Promise<Topology> {
  const topology = await createSimulatorRepository().loadTopology(db);
  if (topology.nodes.length === 0 || topology.services.length === 0) {
    throw new Error('The switch has no nodes or no services: there is no traffic to seed');
  }
  return topology;
}

/**
 * Writes the transactions (with their follow-up legs and messages) the traffic engine draws for
 * the ticks from firstTick to lastTick, in the order they started: the seed command and the
 * simulator's first-start history share it.
 */
export async function writeTransactionHistory(
  db: Db,
  options: TransactionHistoryOptions,
): Promise<{ transactions: number; legs: number }> {
  const topology = await loadTrafficTopology(db);
  const transactionsRepository = createTransactionsRepository();
  const recordLegs = createLegRecorder(await transactionsRepository.loadCatalogue(db));
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const keepGoing = options.shouldContinue ?? (() => true);
  const engine = createTrafficEngine({ seed: options.seed, tps: options.tps });
  const queues: SafQueueState[] = [];
  let transactions = 0;
  let legs = 0;
  let batch: RecordedLeg[] = [];
  let waiting: RecordedLeg[] = [];
  const flush = async () => {
    const pending = batch;
    batch = [];
    await db.transaction().execute((tx) => transactionsRepository.insertLegs(tx, pending));
    legs += pending.length;
  };

  const end = options.lastTick;
  for (let tick = options.firstTick; tick <= end && keepGoing(); tick += TICK_MS) {
    const random = createRandom(deriveSeed(options.seed ^ 0x5eed, tick));
    const drawn: RecordedLeg[] = [...waiting];
    for (const transaction of engine.simulateTick(tick, topology, queues, true).transactions) {
      if (transactions >= limit) break;
      const recorded = recordLegs(transaction, random);
      if (recorded.length === 0) continue;
      drawn.push(...recorded);
      transactions += 1;
      if (transactions % 100_000 === 0) options.onProgress?.(transactions);
    }
    const { started, later } = takeStartedLegs(drawn, tick === end ? Number.POSITIVE_INFINITY : tick);
    batch.push(...started);
    waiting = later;
    if (batch.length >= BATCH_LEGS) await flush();
  }
  await flush();
  // Fresh statistics for the planner, and a visibility map so pages are index-only scans.
  await sql`vacuum analyze transactions`.execute(db);
  await sql`vacuum analyze transaction_messages`.execute(db);
  return { transactions, legs };
}

/**
 * Fills the database with exactly `count` simulated transactions (plus their follow-up legs and
 * messages) ending now, from the same pipeline the live simulator uses, written in the order
 * they started.
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
