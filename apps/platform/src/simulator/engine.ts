import { addHistogram, createHistogram, percentileOf, recordLatency, type Histogram } from './histogram.ts';
import { createRandom, deriveSeed, drawLogNormal, drawPoisson, pickWeighted, type Random } from './random.ts';
import { DAY_MS, HOUR_MS, SECOND_MS } from '../time.ts';
import { nodeLatencyFactor } from './node-latency.ts';

/**
 * The traffic pipeline, free of I/O: arrivals → service → receiver (by weight) → node → latency and
 * outcome → store-and-forward → per-node and per-receiver windows. Each 10 s tick draws from its
 * own generator seeded by (seed, tick), so a tick's traffic depends only on the seed, the time and
 * the topology of that moment.
 */

export const TICK_MS = 10_000;
/** The metric window: five minutes of ticks. */
export const WINDOW_TICKS = 30;
const WINDOW_SECONDS = (WINDOW_TICKS * TICK_MS) / SECOND_MS;
/** A receiver that does not answer (an outage) is given up on after this long. */
export const RECEIVER_TIMEOUT_MS = 5_000;
/** Messages a recovered store-and-forward receiver takes from each queue per tick. */
export const SAF_DRAIN_PER_TICK = 25;
/** How far traffic swings over the day around SIMULATOR_TPS (quietest 02:00 UTC, busiest 14:00 UTC). */
export const DAILY_SWING = 0.35;
const UNROUTED_LATENCY_MS = 2;
/**
 * A store-and-forward receiver that is down is not waited for: the switch queues the request and
 * answers at once (a median of this, log-normal), so an outage fills queues, not response times.
 */
const SAF_QUEUE_LATENCY = { medianMs: 30, spread: 0.3 } as const;

export interface ReceiverProfile {
  id: string;
  serviceId: string;
  name: string;
  active: boolean;
  weight: number;
  latencyMedianMs: number;
  latencySpread: number;
  failureRate: number;
  storeAndForward: boolean;
  outageEverySeconds: number | null;
  outageForSeconds: number | null;
}

export interface ServiceProfile {
  id: string;
  trafficShare: number;
  receivers: readonly ReceiverProfile[];
}

export interface Topology {
  /** description: where the switch runs, as transactions report it (their environment). */
  nodes: ReadonlyArray<{ id: string; instanceId: string; description: string }>;
  services: readonly ServiceProfile[];
}

/**
 * approved: delivered and accepted; declined: the receiver refused it; timeout: no answer;
 * queued: not delivered, kept in a store-and-forward queue; unrouted: no active receiver with weight.
 */
export type TransactionOutcome = 'approved' | 'declined' | 'timeout' | 'queued' | 'unrouted';

/** One simulated request, handed to the onTransactions hooks (the transactions module stores them). */
export interface SimulatedTransaction {
  /** Unique per tick and sequence: `${tick time ms}-${sequence}`. */
  id: string;
  time: Date;
  serviceId: string;
  receiverId: string | null;
  receiverName: string | null;
  nodeId: string;
  instanceId: string;
  nodeDescription: string;
  latencyMs: number;
  outcome: TransactionOutcome;
}

export interface SafQueueState {
  receiverId: string;
  nodeId: string;
  length: number;
  retransmits: number;
}

export interface NodeMetricPoint {
  nodeId: string;
  time: Date;
  tps5min: number;
  tps5minAgg: number;
  totalMessages: number;
  percentile50: number;
  percentile95: number;
  percentile99: number;
}

export interface ReceiverFigures {
  receiverId: string;
  /** Requests per second over the last tick. */
  throughput: number;
  /** Percent over the last five minutes; null when it had no requests then. */
  successRate: number | null;
}

export interface TickResult {
  time: Date;
  transactions: SimulatedTransaction[];
  points: NodeMetricPoint[];
  receivers: ReceiverFigures[];
  /** The queues after this tick's failures and retransmits (the same objects that were passed in). */
  safQueues: SafQueueState[];
}

interface NodeWindow {
  ticks: Array<{ count: number; histogram: Histogram }>;
  histogram: Histogram;
  count: number;
  today: { day: number; total: number };
}

interface ReceiverWindow {
  ticks: Array<{ requests: number; successes: number }>;
  requests: number;
  successes: number;
}

export function isInOutage(
  receiver: Pick<ReceiverProfile, 'outageEverySeconds' | 'outageForSeconds'>,
  time: number,
): boolean {
  const every = receiver.outageEverySeconds;
  const duration = receiver.outageForSeconds;
  if (every === null || duration === null || every <= 0) {
    return false;
  }
  return Math.floor(time / SECOND_MS) % every < duration;
}

/** What the switch reports as a receiver's status: 'inactive' when switched off, 'down' in an outage. */
export function receiverStatusAt(receiver: ReceiverProfile, time: number): 'up' | 'down' | 'inactive' {
  if (!receiver.active) {
    return 'inactive';
  }
  return isInOutage(receiver, time) ? 'down' : 'up';
}

/** The rate multiplier at a moment of the day; averages 1 over a day. */
export function dailyFactor(time: number): number {
  const hours = (time % DAY_MS) / HOUR_MS;
  return 1 + DAILY_SWING * Math.sin((2 * Math.PI * (hours - 8)) / 24);
}

function cumulativeOf(weights: readonly number[]): number[] {
  let total = 0;
  return weights.map((weight) => (total += Math.max(0, weight)));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export interface TrafficEngineOptions {
  seed: number;
  /** Average transactions per second over a day. */
  tps: number;
}

export type TrafficEngine = ReturnType<typeof createTrafficEngine>;

export function createTrafficEngine(options: TrafficEngineOptions) {
  const nodeWindows = new Map<string, NodeWindow>();
  const receiverWindows = new Map<string, ReceiverWindow>();

  function nodeWindow(nodeId: string): NodeWindow {
    let window = nodeWindows.get(nodeId);
    if (window === undefined) {
      window = { ticks: [], histogram: createHistogram(), count: 0, today: { day: -1, total: 0 } };
      nodeWindows.set(nodeId, window);
    }
    return window;
  }

  function receiverWindow(receiverId: string): ReceiverWindow {
    let window = receiverWindows.get(receiverId);
    if (window === undefined) {
      window = { ticks: [], requests: 0, successes: 0 };
      receiverWindows.set(receiverId, window);
    }
    return window;
  }

  function deliver(
    random: Random,
    receiver: ReceiverProfile,
    time: number,
    nodeFactor: number,
  ): { latencyMs: number; outcome: TransactionOutcome } {
    if (isInOutage(receiver, time)) {
      return receiver.storeAndForward
        ? {
            latencyMs: drawLogNormal(random, SAF_QUEUE_LATENCY.medianMs, SAF_QUEUE_LATENCY.spread),
            outcome: 'queued',
          }
        : { latencyMs: RECEIVER_TIMEOUT_MS, outcome: 'timeout' };
    }
    const latencyMs = Math.min(
      RECEIVER_TIMEOUT_MS,
      nodeFactor * drawLogNormal(random, receiver.latencyMedianMs, receiver.latencySpread),
    );
    if (random() < receiver.failureRate) {
      return { latencyMs, outcome: receiver.storeAndForward ? 'queued' : 'declined' };
    }
    return { latencyMs, outcome: 'approved' };
  }

  function drainQueues(
    random: Random,
    queues: SafQueueState[],
    receivers: Map<string, ReceiverProfile>,
    time: number,
  ) {
    for (const queue of queues) {
      if (queue.length <= 0) {
        continue;
      }
      const receiver = receivers.get(queue.receiverId);
      if (receiver === undefined || !receiver.active || isInOutage(receiver, time)) {
        // The head message is tried once per tick and fails again.
        queue.retransmits += 1;
        continue;
      }
      const attempts = Math.min(queue.length, SAF_DRAIN_PER_TICK);
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        queue.retransmits += 1;
        if (random() >= receiver.failureRate) {
          queue.length -= 1;
        }
      }
    }
  }

  return {
    /**
     * Simulates the 10 s ending at `tickEnd` (a multiple of TICK_MS). `record` false only warms the
     * windows (no transactions, no daily totals), for a start that follows a gap.
     */
    simulateTick(tickEnd: number, topology: Topology, safQueues: SafQueueState[], record = true): TickResult {
      const random = createRandom(deriveSeed(options.seed, tickEnd / TICK_MS));
      const tickStart = tickEnd - TICK_MS;
      const nodes = topology.nodes;
      const services = topology.services;
      const serviceCumulative = cumulativeOf(services.map((service) => service.trafficShare));
      const routable = services.map((service) =>
        service.receivers.filter((receiver) => receiver.active && receiver.weight > 0),
      );
      const receiverCumulative = routable.map((receivers) => cumulativeOf(receivers.map((r) => r.weight)));
      const queueIndex = new Map(safQueues.map((queue) => [`${queue.receiverId}|${queue.nodeId}`, queue]));
      const allReceivers = new Map(
        services.flatMap((service) => service.receivers.map((receiver) => [receiver.id, receiver] as const)),
      );

      const nodeTick = new Map(nodes.map((node) => [node.id, { count: 0, histogram: createHistogram() }]));
      const nodeFactors = new Map(
        nodes.map((node) => [node.id, nodeLatencyFactor(options.seed, node.id, tickEnd / TICK_MS, tickEnd)]),
      );
      const receiverTick = new Map([...allReceivers.keys()].map((id) => [id, { requests: 0, successes: 0 }]));
      const transactions: SimulatedTransaction[] = [];

      const arrivals =
        nodes.length === 0 || services.length === 0
          ? 0
          : drawPoisson(random, options.tps * dailyFactor(tickEnd) * (TICK_MS / SECOND_MS));
      const times = Array.from({ length: arrivals }, () => tickStart + Math.floor(random() * TICK_MS)).sort(
        (a, b) => a - b,
      );
      for (const [sequence, time] of times.entries()) {
        const serviceIndex = pickWeighted(random, serviceCumulative);
        const service = services[serviceIndex];
        const node = nodes[Math.floor(random() * nodes.length)];
        if (service === undefined || node === undefined) {
          continue;
        }
        const receiverIndex = pickWeighted(random, receiverCumulative[serviceIndex] ?? []);
        const receiver = routable[serviceIndex]?.[receiverIndex];
        const { latencyMs, outcome } =
          receiver === undefined
            ? { latencyMs: UNROUTED_LATENCY_MS, outcome: 'unrouted' as const }
            : deliver(random, receiver, time, nodeFactors.get(node.id) ?? 1);

        const perNode = nodeTick.get(node.id);
        if (perNode !== undefined) {
          perNode.count += 1;
          recordLatency(perNode.histogram, latencyMs);
        }
        if (receiver !== undefined) {
          const perReceiver = receiverTick.get(receiver.id);
          if (perReceiver !== undefined) {
            perReceiver.requests += 1;
            perReceiver.successes += outcome === 'approved' ? 1 : 0;
          }
          if (outcome === 'queued') {
            const key = `${receiver.id}|${node.id}`;
            let queue = queueIndex.get(key);
            if (queue === undefined) {
              queue = { receiverId: receiver.id, nodeId: node.id, length: 0, retransmits: 0 };
              queueIndex.set(key, queue);
              safQueues.push(queue);
            }
            queue.length += 1;
          }
        }
        if (record) {
          transactions.push({
            id: `${tickEnd}-${sequence}`,
            time: new Date(time),
            serviceId: service.id,
            receiverId: receiver?.id ?? null,
            receiverName: receiver?.name ?? null,
            nodeId: node.id,
            instanceId: node.instanceId,
            nodeDescription: node.description,
            latencyMs: round(latencyMs, 2),
            outcome,
          });
        }
      }
      drainQueues(random, safQueues, allReceivers, tickEnd);

      // Slide the windows.
      const day = Math.floor(tickEnd / DAY_MS);
      for (const node of nodes) {
        const window = nodeWindow(node.id);
        const current = nodeTick.get(node.id) ?? { count: 0, histogram: createHistogram() };
        window.ticks.push(current);
        window.count += current.count;
        addHistogram(window.histogram, current.histogram, 1);
        while (window.ticks.length > WINDOW_TICKS) {
          const dropped = window.ticks.shift();
          if (dropped !== undefined) {
            window.count -= dropped.count;
            addHistogram(window.histogram, dropped.histogram, -1);
          }
        }
        if (window.today.day !== day) {
          window.today = { day, total: 0 };
        }
        if (record) {
          window.today.total += current.count;
        }
      }
      for (const [receiverId, current] of receiverTick) {
        const window = receiverWindow(receiverId);
        window.ticks.push(current);
        window.requests += current.requests;
        window.successes += current.successes;
        while (window.ticks.length > WINDOW_TICKS) {
          const dropped = window.ticks.shift();
          if (dropped !== undefined) {
            window.requests -= dropped.requests;
            window.successes -= dropped.successes;
          }
        }
      }

      const aggregate = nodes.reduce((sum, node) => sum + nodeWindow(node.id).count, 0) / WINDOW_SECONDS;
      const points = nodes.map((node): NodeMetricPoint => {
        const window = nodeWindow(node.id);
        return {
          nodeId: node.id,
          time: new Date(tickEnd),
          tps5min: round(window.count / WINDOW_SECONDS, 3),
          tps5minAgg: round(aggregate, 3),
          totalMessages: window.today.total,
          percentile50: round(percentileOf(window.histogram, 0.5), 2),
          percentile95: round(percentileOf(window.histogram, 0.95), 2),
          percentile99: round(percentileOf(window.histogram, 0.99), 2),
        };
      });
      const receivers = [...receiverTick].map(([receiverId, current]): ReceiverFigures => {
        const window = receiverWindow(receiverId);
        return {
          receiverId,
          throughput: round(current.requests / (TICK_MS / SECOND_MS), 3),
          successRate: window.requests > 0 ? round((100 * window.successes) / window.requests, 2) : null,
        };
      });
      return { time: new Date(tickEnd), transactions, points, receivers, safQueues };
    },

    /** Continues a node's daily total from a stored point (after a restart). */
    resumeTotal(nodeId: string, time: number, total: number): void {
      nodeWindow(nodeId).today = { day: Math.floor(time / DAY_MS), total };
    },
  };
}
