import type { Clock } from '../clock.ts';
import type { Db, DbExecutor } from '../db/schema.ts';
import { createTransactionsRepository } from '../modules/transactions/repository.ts';
import { DAY_MS, SECOND_MS } from '../time.ts';
import {
  createTrafficEngine,
  receiverStatusAt,
  TICK_MS,
  WINDOW_TICKS,
  type SafQueueState,
  type SimulatedTransaction,
  type TickResult,
} from './engine.ts';
import { SINGLE_PROCESS_LOCK, type LeaderLock } from './leader-lock.ts';
import { createSimulatorRepository } from './repository.ts';
import { writeTransactionHistory } from './seed-transactions.ts';

/** The history written at the first start, so the 'Last 3 days' graphs have data at once. */
export const BACKFILL_MS = 3 * DAY_MS;
/** Points older than this are deleted (hourly). */
export const METRIC_RETENTION_MS = 4 * DAY_MS;
/** After a longer pause the simulator skips ahead instead of replaying every missed tick. */
const MAX_CATCH_UP_TICKS = 30;
const BACKFILL_BATCH_POINTS = 4_000;
const PRUNE_EVERY_TICKS = 360;
/** Short enough that another instance takes over well within 30 s of the leader's end. */
const LOCK_RETRY_MS = 10 * SECOND_MS;
/** Ticks fire just after each 10 s boundary. */
const TICK_DELAY_MS = 50;

const STATUS_REASONS: Record<string, string> = {
  up: 'Receiver answering',
  down: 'Receiver not answering',
  inactive: 'Receiver switched off',
};

/** Called with each tick's simulated transactions inside the tick's database transaction (`executor`). */
export type TransactionsListener = (
  transactions: readonly SimulatedTransaction[],
  tickEnd: number,
  executor: DbExecutor,
) => void | Promise<void>;

/**
 * Work the leading process runs once in the background after its first prepare (a module's own
 * first-start history); `shouldContinue` turns false when the simulator stops.
 */
export type SimulatorStartTask = (shouldContinue: () => boolean) => Promise<void>;

export interface SimulatorLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface SimulatorOptions {
  db: Db;
  clock: Clock;
  seed: number;
  /** Average transactions per second over a day. */
  tps: number;
  log: SimulatorLog;
  /** How much history `prepare` writes when there is none; 0 writes none (tests). */
  backfillMs?: number;
  /**
   * How far back `prepare` plans transactions when none are stored (the first start), ending at
   * the metric history's last tick; `writeTransactionHistory` writes them. 0 plans none (tests).
   */
  transactionHistoryMs?: number;
  /** How often a process without the leader lock tries again (10 s; tests shorten it). */
  lockRetryMs?: number;
}

export type Simulator = ReturnType<typeof createSimulator>;

function floorTick(time: number): number {
  return Math.floor(time / TICK_MS) * TICK_MS;
}

function queueKey(queue: Pick<SafQueueState, 'receiverId' | 'nodeId'>): string {
  return `${queue.receiverId}|${queue.nodeId}`;
}

/**
 * The simulated switch: `prepare` fills the missing history, each `tick` simulates the 10 s
 * periods up to the clock's now and writes what the switch would report. `start` runs it on real
 * timers (npm start); tests call `prepare` and `tick` with a manual clock.
 */
export function createSimulator(options: SimulatorOptions) {
  const { db, clock, log } = options;
  const backfillMs = options.backfillMs ?? BACKFILL_MS;
  const lockRetryMs = options.lockRetryMs ?? LOCK_RETRY_MS;
  const transactionHistoryMs = options.transactionHistoryMs ?? 0;
  const transactionsRepository = createTransactionsRepository();
  const repository = createSimulatorRepository();
  const engine = createTrafficEngine({ seed: options.seed, tps: options.tps });
  const listeners = new Set<TransactionsListener>();
  const startTasks = new Set<SimulatorStartTask>();
  const afterHistoryTasks = new Set<SimulatorStartTask>();
  let startTaskRuns: Promise<unknown> | undefined;
  let lastTick: number | undefined;
  let running = false;
  let loop: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let lock: LeaderLock = SINGLE_PROCESS_LOCK;
  let history: Promise<unknown> | undefined;

  /** The ticks whose transactions are still to be written (first start only). */
  let pendingHistory: { firstTick: number; lastTick: number } | undefined;

  /**
   * Writes the points missing since the newest stored one (at most backfillMs back); when no
   * transaction is stored yet, plans the transactions of the last transactionHistoryMs.
   */
  async function prepare(): Promise<{ points: number }> {
    const current = floorTick(clock.now().getTime());
    const latest = await repository.latestMetricTime(db);
    const earliest = current - Math.max(0, backfillMs);
    const from = Math.min(
      current,
      latest === undefined ? earliest : Math.max(floorTick(latest.getTime()), earliest),
    );
    const topology = await repository.loadTopology(db);

    for (let time = from - (WINDOW_TICKS - 1) * TICK_MS; time <= from; time += TICK_MS) {
      engine.simulateTick(time, topology, [], false);
    }
    if (latest !== undefined) {
      for (const point of await repository.latestPointsAt(db, new Date(from))) {
        engine.resumeTotal(point.nodeId, point.time.getTime(), point.totalMessages);
      }
    }

    const keepGoing = () => running || loop === undefined;
    // The counters run forward, so the points are drawn oldest first; they are written newest
    // first, so the graphs of the last minutes fill at once.
    const points: TickResult['points'] = [];
    let time = from + TICK_MS;
    for (; time < current && keepGoing(); time += TICK_MS) {
      points.push(...engine.simulateTick(time, topology, [], true).points);
    }
    let written = 0;
    for (let end = points.length; end > 0 && keepGoing(); end -= BACKFILL_BATCH_POINTS) {
      const batch = points.slice(Math.max(0, end - BACKFILL_BATCH_POINTS), end);
      await repository.insertMetricPoints(db, batch);
      written += batch.length;
    }
    lastTick = Math.max(from, time - TICK_MS);
    const hasTraffic = topology.nodes.length > 0 && topology.services.length > 0;
    if (transactionHistoryMs > 0 && hasTraffic && !(await transactionsRepository.hasTransactions(db))) {
      pendingHistory = { firstTick: lastTick - floorTick(transactionHistoryMs) + TICK_MS, lastTick };
    }
    return { points: written };
  }

  /** Writes the transactions `prepare` planned (once); the live ticks may run meanwhile. */
  async function writePlannedHistory(): Promise<{ transactions: number }> {
    const planned = pendingHistory;
    pendingHistory = undefined;
    if (planned === undefined) return { transactions: 0 };
    const { transactions } = await writeTransactionHistory(db, {
      seed: options.seed,
      tps: options.tps,
      ...planned,
      shouldContinue: () => running || loop === undefined,
    });
    return { transactions };
  }

  /**
   * The first start's transactions, written beside the live ticks so the metrics never pause;
   * then the tasks that need the whole history (at once when there is none to write).
   */
  function startHistory(): void {
    if (history !== undefined) return;
    const started = Date.now();
    history = writePlannedHistory()
      .then(({ transactions }) => {
        if (transactions > 0) {
          log.info({ transactions, ms: Date.now() - started }, 'Simulator: transaction history written');
        }
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'Simulator: the transaction history could not be written');
      })
      .then(() => runTasks(afterHistoryTasks));
  }

  function runTasks(tasks: ReadonlySet<SimulatorStartTask>): Promise<unknown> {
    return Promise.all(
      [...tasks].map((task) =>
        task(() => running).catch((error: unknown) => {
          log.error({ err: error }, 'Simulator: a first-start task failed');
        }),
      ),
    );
  }

  function runStartTasks(): void {
    startTaskRuns ??= runTasks(startTasks);
  }

  async function runTick(tickEnd: number): Promise<TickResult> {
    const time = new Date(tickEnd);
    const { result, changes } = await db.transaction().execute(async (tx) => {
      const topology = await repository.loadTopology(tx);
      const queues = await repository.loadSafQueues(tx);
      const before = new Map(queues.map((queue) => [queueKey(queue), { ...queue }]));
      const result = engine.simulateTick(tickEnd, topology, queues, true);
      for (const listener of listeners) {
        await listener(result.transactions, tickEnd, tx);
      }
      await repository.insertMetricPoints(tx, result.points);
      await repository.saveReceiverFigures(tx, result.receivers, time);

      const receivers = new Map(
        topology.services.flatMap((service) => service.receivers.map((receiver) => [receiver.id, receiver])),
      );
      const changedQueues = result.safQueues.flatMap((queue) => {
        const previous = before.get(queueKey(queue));
        const receiver = receivers.get(queue.receiverId);
        const changed =
          previous === undefined ||
          previous.length !== queue.length ||
          previous.retransmits !== queue.retransmits;
        return changed && receiver !== undefined ? [{ ...queue, receiverDescription: receiver.name }] : [];
      });
      await repository.saveSafQueues(tx, changedQueues, time);

      const statuses = await repository.latestStatuses(tx);
      const changes = [...receivers.values()].flatMap((receiver) => {
        const status = receiverStatusAt(receiver, tickEnd);
        return statuses.get(receiver.id) === status
          ? []
          : [{ receiverId: receiver.id, status, reason: STATUS_REASONS[status] ?? status }];
      });
      await repository.insertStatusChanges(tx, changes, time);

      if ((tickEnd / TICK_MS) % PRUNE_EVERY_TICKS === 0) {
        await repository.pruneMetricPoints(tx, new Date(tickEnd - METRIC_RETENTION_MS));
      }
      return { result, changes };
    });
    // A receiver going up or down is what an operator reads the log for; the tick itself is not.
    for (const change of changes) {
      log.info({ receiverId: change.receiverId, status: change.status }, `Simulator: ${change.reason}`);
    }
    return result;
  }

  /** Simulates every 10 s period that ended since the last tick (prepares first if needed). */
  async function tick(): Promise<TickResult[]> {
    if (lastTick === undefined) {
      await prepare();
    }
    const current = floorTick(clock.now().getTime());
    let next = (lastTick ?? current) + TICK_MS;
    if (current - next >= MAX_CATCH_UP_TICKS * TICK_MS) {
      next = current - (MAX_CATCH_UP_TICKS - 1) * TICK_MS;
    }
    const results: TickResult[] = [];
    for (; next <= current; next += TICK_MS) {
      results.push(await runTick(next));
      lastTick = next;
    }
    return results;
  }

  function sleep(milliseconds: number): Promise<void> {
    return new Promise((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, milliseconds);
    });
  }

  const isRunning = () => running;

  /** Holds the lock already, has just (re)gained it, another process has it, or it can't be asked. */
  async function holdLock(): Promise<'held' | 'taken' | 'failed'> {
    if (lock.isHeld()) return 'held';
    try {
      if (!(await lock.acquire())) return 'taken';
    } catch (error) {
      log.error({ err: error }, 'Simulator: the leader lock is unavailable; trying again');
      return 'failed';
    }
    // Another process may have simulated while this one did not hold the lock: fill the gap
    // from what is stored instead of replaying from this process's last tick.
    lastTick = undefined;
    return 'held';
  }

  async function run(): Promise<void> {
    let waiting = false;
    while (running) {
      const state = await holdLock();
      if (state !== 'held') {
        if (state === 'taken' && !waiting) {
          log.info({}, 'Another platform process runs the simulator; this one waits');
        }
        waiting = state === 'taken';
        await sleep(lockRetryMs);
        continue;
      }
      waiting = false;
      try {
        if (lastTick === undefined) {
          const started = Date.now();
          const { points } = await prepare();
          log.info({ points, ms: Date.now() - started }, 'Simulator: history written');
          startHistory();
          runStartTasks();
        }
        const now = clock.now().getTime();
        await sleep(floorTick(now) + TICK_MS - now + TICK_DELAY_MS);
        // stop() may have run, or the lock been lost, while this slept.
        if (isRunning() && lock.isHeld()) {
          await tick();
        }
      } catch (error) {
        log.error({ err: error }, 'Simulator tick failed; trying again at the next tick');
        await sleep(TICK_MS);
      }
    }
  }

  return {
    prepare,
    writePlannedHistory,
    tick,
    /** Registers a listener for each tick's simulated transactions; returns its removal. */
    onTransactions(listener: TransactionsListener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Registers work for the leading process to run once after its first prepare (start() only). */
    onStart(task: SimulatorStartTask): void {
      startTasks.add(task);
    },
    /** Registers work for the leading process to run once the first start's history is written. */
    onHistoryWritten(task: SimulatorStartTask): void {
      afterHistoryTasks.add(task);
    },
    /** Runs on real timers until stop(); only while `leaderLock` is held (one process per database). */
    start(leaderLock: LeaderLock = SINGLE_PROCESS_LOCK): void {
      if (running) {
        return;
      }
      running = true;
      lock = leaderLock;
      loop = run();
    },
    async stop(): Promise<void> {
      running = false;
      clearTimeout(timer);
      wake?.();
      await loop;
      await history;
      await startTaskRuns;
      loop = undefined;
      await lock.release();
    },
  };
}
