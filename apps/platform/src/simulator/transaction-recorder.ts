import type { DbExecutor } from '../db/schema.ts';
import { createTransactionsRepository, type RecordedLeg } from '../modules/transactions/repository.ts';
import { DAY_MS } from '../time.ts';
import type { SimulatedTransaction } from './engine.ts';
import { networkManagementLegs } from './network-management.ts';
import { createRandom, deriveSeed } from './random.ts';
import { createLegRecorder, takeStartedLegs } from './transaction-legs.ts';

/** Legs deleted per prune, so one tick never holds a long delete. */
const PRUNE_BATCH = 20_000;

export interface TransactionRecorderOptions {
  seed: number;
  retentionDays: number;
  /** Prune once every this many ticks (hourly at 10 s ticks). */
  pruneEveryTicks?: number;
  /**
   * Other traffic of the tick (the voucher traffic) that records its own legs, run in the tick's
   * transaction; its legs are stored in start order with the rest.
   */
  legSources?: ReadonlyArray<(tickEnd: number, executor: DbExecutor) => Promise<RecordedLeg[]>>;
}

/**
 * Stores what the simulated switch would record for each tick's requests, in the tick's
 * database transaction, and prunes legs older than the retention period. Follow-up legs that
 * start after the tick wait in memory for the tick they start in.
 */
export function createTransactionRecorder(options: TransactionRecorderOptions) {
  const repository = createTransactionsRepository();
  const pruneEveryTicks = options.pruneEveryTicks ?? 360;
  let tickCount = 0;
  let waiting: RecordedLeg[] = [];

  return async (transactions: readonly SimulatedTransaction[], tickEnd: number, executor: DbExecutor) => {
    const recordLegs = createLegRecorder(await repository.loadCatalogue(executor));
    const random = createRandom(deriveSeed(options.seed ^ 0x7a11, tickEnd));
    const recorded = [
      ...waiting,
      ...transactions.flatMap((transaction) => recordLegs(transaction, random)),
      ...networkManagementLegs(tickEnd),
    ];
    for (const source of options.legSources ?? []) {
      recorded.push(...(await source(tickEnd, executor)));
    }
    const { started, later } = takeStartedLegs(recorded, tickEnd);
    await repository.insertLegs(executor, started);
    waiting = later;
    tickCount += 1;
    if (tickCount % pruneEveryTicks === 1) {
      await repository.pruneBefore(executor, new Date(tickEnd - options.retentionDays * DAY_MS), PRUNE_BATCH);
    }
  };
}
