import { describe, expect, it } from 'vitest';
import { DEMO_INSTANCES, DEMO_SERVICES } from '../db/demo-topology.ts';
import { HOUR_MS } from '../time.ts';
import {
  createTrafficEngine,
  RECEIVER_TIMEOUT_MS,
  TICK_MS,
  type SafQueueState,
  type Topology,
} from './engine.ts';

const DEMO_TOPOLOGY: Topology = {
  nodes: DEMO_INSTANCES.flatMap((instance) =>
    instance.nodes.map((node) => ({ id: node.id, instanceId: instance.id, description: node.description })),
  ),
  services: DEMO_SERVICES.map((service) => ({
    id: service.id,
    trafficShare: service.trafficShare,
    receivers: service.receivers.map((receiver) => ({
      id: receiver.id,
      serviceId: service.id,
      name: receiver.name,
      active: receiver.active,
      weight: receiver.weight,
      latencyMedianMs: receiver.latencyMedianMs,
      latencySpread: receiver.latencySpread,
      failureRate: receiver.failureRate,
      storeAndForward: receiver.storeAndForward,
      outageEverySeconds: receiver.outage?.everySeconds ?? null,
      outageForSeconds: receiver.outage?.forSeconds ?? null,
    })),
  })),
};

/** Six hours of the demo switch's response-time percentiles, per node. */
function simulateHours(hours: number) {
  const engine = createTrafficEngine({ seed: 42, tps: 20 });
  const queues: SafQueueState[] = [];
  const start = Date.UTC(2026, 10, 20, 6);
  const byNode = new Map<string, { p50: number[]; p95: number[] }>();
  for (let tick = start; tick < start + hours * HOUR_MS; tick += TICK_MS) {
    for (const point of engine.simulateTick(tick, DEMO_TOPOLOGY, queues, false).points) {
      const series = byNode.get(point.nodeId) ?? { p50: [], p95: [] };
      series.p50.push(point.percentile50);
      series.p95.push(point.percentile95);
      byNode.set(point.nodeId, series);
    }
  }
  return byNode;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe('simulated response times', () => {
  const byNode = simulateHours(6);

  it('keeps the 95th percentile off the timeout: an outage of a store-and-forward receiver queues at once', () => {
    for (const { p95 } of byNode.values()) {
      expect(p95.filter((value) => value >= RECEIVER_TIMEOUT_MS)).toEqual([]);
      // Spikes are rare: nearly all of the time the 95th percentile is within the usual band.
      expect(p95.filter((value) => value > 1_500).length / p95.length).toBeLessThan(0.05);
    }
  });

  it('gives each node its own level, and percentiles that move', () => {
    const levels = [...byNode.values()].map(({ p50 }) => median(p50));
    expect(Math.max(...levels) / Math.min(...levels)).toBeGreaterThan(1.15);
    // The overview showed three of four nodes at the same figure: the nodes' latest points differ.
    const latest = [...byNode.values()].map(({ p95 }) => p95.at(-1));
    expect(new Set(latest).size).toBe(latest.length);
    for (const { p50, p95 } of byNode.values()) {
      expect(new Set(p95).size / p95.length).toBeGreaterThan(0.9);
      expect(median(p95) / median(p50)).toBeLessThan(3);
    }
  });
});
