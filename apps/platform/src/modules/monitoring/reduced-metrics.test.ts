import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_DATA_POINTS_LIMIT,
  METRICS_POINT_INTERVAL_MS,
  metricsResponseSchema,
  reducedMetricsResponseSchema,
  type MetricName,
  type MetricPoint,
  type ReducedMetricsResponse,
} from '@web-control/contract/monitoring';
import { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { TEST_DEMO_PASSWORD } from '../../testing/constants.ts';
import { buildTestApp, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';

const NOW = new Date('2026-03-02T12:00:00Z');
const HOUR_MS = 60 * 60_000;
const START = NOW.getTime() - HOUR_MS;
/** One point every 10 s from START to NOW inclusive. */
const POINTS_PER_NODE = HOUR_MS / METRICS_POINT_INTERVAL_MS + 1;
const SPIKE_INDEX = 123;
const SPIKE_TPS = 500;
const SPIKE_PERCENTILE95 = 9_000;
/** cpt-node-01's counter restarts here, as at the switch's midnight. */
const RESTART_INDEX = 200;
const MAX_DATA_POINTS = 50;
/** ceil(1 h / 50 / 10 s) = 8 point intervals per bucket. */
const EXPECTED_STEP_MS = 80_000;
/** ceil(1 h / 80 s): the point at NOW joins the last bucket. */
const EXPECTED_BUCKETS = 45;
const NODE_QUERY = 'from=now-1h&instance=ecs-jhb&node=jhb-node-01';
const HOUR_QUERY = `from=${new Date(START).toISOString()}&to=${NOW.toISOString()}`;

function pointRow(nodeId: string, index: number) {
  const spike = nodeId === 'jhb-node-01' && index === SPIKE_INDEX;
  const total = nodeId === 'cpt-node-01' && index >= RESTART_INDEX ? (index - RESTART_INDEX) * 2 : index * 3;
  return {
    node_id: nodeId,
    time: new Date(START + index * METRICS_POINT_INTERVAL_MS),
    tps_5min: spike ? SPIKE_TPS : 1 + (index % 7),
    tps_5min_agg: spike ? SPIKE_TPS : 10 + (index % 5),
    total_messages: total,
    percentile50: 10 + (index % 3),
    percentile95: spike ? SPIKE_PERCENTILE95 : 40 + (index % 11),
    percentile99: 90 + (index % 13),
  };
}

function seriesOf(answer: ReducedMetricsResponse, metric: MetricName) {
  const series = answer.series.find((item) => item.metric === metric);
  if (series === undefined) throw new Error(`no ${metric} series`);
  return series;
}

/** The unreduced points grouped as the server buckets them: whole steps from the range start. */
function groupPoints(points: readonly MetricPoint[], originMs: number, stepMs: number, count: number) {
  const groups = new Map<number, MetricPoint[]>();
  for (const point of points) {
    const bucket = Math.min(Math.floor((Date.parse(point.time) - originMs) / stepMs), count - 1);
    groups.set(bucket, [...(groups.get(bucket) ?? []), point]);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([, group]) => group);
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

describe.each(TEST_DATABASE_KINDS)('metrics reduced to maxDataPoints on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db
      .insertInto('metric_points')
      .values(
        ['jhb-node-01', 'cpt-node-01'].flatMap((nodeId) =>
          Array.from({ length: POINTS_PER_NODE }, (_, index) => pointRow(nodeId, index)),
        ),
      )
      .execute();
    app = await buildTestApp({ database, clock: new ManualClock(NOW) });
    token = (await login(app, 'admin', TEST_DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  function get(path: string) {
    return app.inject({
      method: 'GET',
      url: `/api/ecs${path}`,
      headers: { authorization: `Bearer ${token}` },
    });
  }

  async function getReduced(path: string) {
    const response = await get(path);
    expect(response.statusCode, path).toBe(200);
    return reducedMetricsResponseSchema.parse(response.json());
  }

  async function getUnreduced(path: string) {
    const response = await get(path);
    expect(response.statusCode, path).toBe(200);
    return metricsResponseSchema.parse(response.json()).metrics;
  }

  it("answers a node's range in at most maxDataPoints buckets, each gauge's mean, min and max as unreduced", async () => {
    const answer = await getReduced(`/metrics?${NODE_QUERY}&maxDataPoints=${MAX_DATA_POINTS}`);
    const points = await getUnreduced(`/metrics?${NODE_QUERY}`);
    expect(points).toHaveLength(POINTS_PER_NODE);

    expect(answer.stepMs).toBe(EXPECTED_STEP_MS);
    expect(answer.times).toHaveLength(EXPECTED_BUCKETS);
    const groups = groupPoints(points, START, EXPECTED_STEP_MS, EXPECTED_BUCKETS);
    expect(answer.times).toEqual(groups.map((group) => Date.parse(group.at(-1)?.time ?? '')));
    expect(answer.series.map((series) => series.metric)).toEqual([
      '5minTps',
      'percentile50',
      'percentile95',
      'percentile99',
    ]);
    for (const metric of ['5minTps', 'percentile50', 'percentile95', 'percentile99'] as const) {
      const series = seriesOf(answer, metric);
      const values = groups.map((group) => group.map((point) => point[metric]));
      expect(series.min, metric).toEqual(values.map((group) => Math.min(...group)));
      expect(series.max, metric).toEqual(values.map((group) => Math.max(...group)));
      series.values.forEach((value, index) => {
        // Rounded to 2 decimals, as unreduced points are.
        expect(value, metric).toBeCloseTo(mean(values[index] ?? []), 1);
      });
    }
    // The live view continues after the newest point, exactly as from an unreduced answer.
    expect(answer.scrollId).toBe(points.at(-1)?.scrollId);
    expect(
      (await get(`/metrics?${NODE_QUERY}&online=true&scrollId=${answer.scrollId ?? ''}`)).json(),
    ).toEqual({
      metrics: [],
    });
  });

  it('keeps a spike inside a bucket as its max', async () => {
    const answer = await getReduced(`/metrics?${NODE_QUERY}&maxDataPoints=${MAX_DATA_POINTS}`);
    const spikeTime = START + SPIKE_INDEX * METRICS_POINT_INTERVAL_MS;
    const bucket = answer.times.findIndex((time) => time >= spikeTime);
    const tps = seriesOf(answer, '5minTps');
    const percentile95 = seriesOf(answer, 'percentile95');
    expect(tps.max?.[bucket]).toBe(SPIKE_TPS);
    expect(percentile95.max?.[bucket]).toBe(SPIKE_PERCENTILE95);
    // The mean alone would have hidden it.
    expect(tps.values[bucket]).toBeLessThan(SPIKE_TPS / 4);
    expect(Math.max(...(tps.max ?? []))).toBe(SPIKE_TPS);
  });

  it("gives each bucket the switch's running total at its newest point, across a counter restart", async () => {
    const answer = await getReduced(`/metrics/countAgg?${HOUR_QUERY}&maxDataPoints=${MAX_DATA_POINTS}`);
    const points = await getUnreduced(`/metrics/countAgg?${HOUR_QUERY}`);
    expect(answer.times.length).toBeLessThanOrEqual(MAX_DATA_POINTS);
    expect(answer.series).toHaveLength(1);
    const totals = seriesOf(answer, 'totalMessages');
    expect(totals.min).toBeUndefined();
    const unreducedAt = new Map(points.map((point) => [Date.parse(point.time), point.totalMessages]));
    expect(totals.values).toEqual(answer.times.map((time) => unreducedAt.get(time)));
    expect(totals.values.at(-1)).toBe(points.at(-1)?.totalMessages);
    expect(answer.scrollId).toBe(points.at(-1)?.scrollId);
  });

  it("gives the switch-wide TPS per bucket with its spike, as the unreduced series' min and max", async () => {
    const answer = await getReduced(`/metrics/tpsAgg?${HOUR_QUERY}&maxDataPoints=${MAX_DATA_POINTS}`);
    const points = await getUnreduced(`/metrics/tpsAgg?${HOUR_QUERY}`);
    expect(answer.times.length).toBeLessThanOrEqual(MAX_DATA_POINTS);
    const tps = seriesOf(answer, '5minTpsAgg');
    const groups = groupPoints(points, START, answer.stepMs, EXPECTED_BUCKETS).map((group) =>
      group.map((point) => point['5minTpsAgg']),
    );
    expect(tps.max).toEqual(groups.map((group) => Math.max(...group)));
    expect(tps.min).toEqual(groups.map((group) => Math.min(...group)));
    expect(Math.max(...(tps.max ?? []))).toBe(SPIKE_TPS);
  });

  it('answers one bucket for maxDataPoints=1, the points after scrollId only, and refuses more than the limit', async () => {
    const one = await getReduced(`/metrics?${NODE_QUERY}&maxDataPoints=1`);
    expect(one.times).toEqual([NOW.getTime()]);
    expect(seriesOf(one, '5minTps').max).toEqual([SPIKE_TPS]);

    const points = await getUnreduced(`/metrics?${NODE_QUERY}`);
    const recent = await getReduced(
      `/metrics?${NODE_QUERY}&maxDataPoints=${MAX_DATA_POINTS}&scrollId=${points.at(-3)?.scrollId ?? ''}`,
    );
    expect(recent.times).toEqual([NOW.getTime()]);
    expect(seriesOf(recent, '5minTps').min).toEqual([
      Math.min(...points.slice(-2).map((point) => point['5minTps'])),
    ]);

    for (const path of [
      `/metrics?${NODE_QUERY}&maxDataPoints=${MAX_DATA_POINTS_LIMIT + 1}`,
      `/metrics/countAgg?${HOUR_QUERY}&maxDataPoints=0`,
      `/metrics/tpsAgg?${HOUR_QUERY}&maxDataPoints=wide`,
    ]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
