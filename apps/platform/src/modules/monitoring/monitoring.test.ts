import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  instancesResponseSchema,
  METRICS_BATCHES_TO_NOW,
  METRICS_POINT_INTERVAL_MS,
  metricsResponseSchema,
  nodesResponseSchema,
  safResponseSchema,
  TIME_RANGES,
  type MetricPoint,
} from '@web-control/contract/monitoring';
import { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { TICK_MS } from '../../simulator/engine.ts';
import { createSimulator } from '../../simulator/simulator.ts';
import { TEST_DEMO_PASSWORD } from '../../testing/constants.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { NODE_OFFLINE_AFTER_MS } from './service.ts';

const NOW = new Date('2026-03-02T12:00:03Z');
/** A tick of the clock that falls on a point. */
const NOW_ON_A_POINT = new Date('2026-03-02T12:00:00Z');
/** 1001 points per node within the last day: two full batches and one point of TEST_BATCH_SIZE. */
const HISTORY_TICKS = 1_001;
/** Small batches, so the history needs several. */
const TEST_BATCH_SIZE = 500;
const QUERY = 'from=now-1d&instance=ecs-jhb&node=jhb-node-01';
const TODAY = 'from=2026-03-02T00:00:00.000Z&to=2026-03-02T23:59:59.999Z';

const MONITOR_ROUTES = ['/nodes', '/saf', '/instances', `/metrics?${QUERY}`];
const SIGNED_IN_ROUTES = [`/metrics/tpsAgg?${TODAY}`, `/metrics/countAgg?${TODAY}`, '/features'];

describe.each(TEST_DATABASE_KINDS)('monitoring API on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let adminToken: string;
  let noPermissionToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // History: the current tick is the 1001st point of each node.
    const clock = new ManualClock(NOW);
    const simulator = createSimulator({
      db: database.db,
      clock,
      seed: 3,
      tps: 4,
      log: { info: () => undefined, error: () => undefined },
      backfillMs: HISTORY_TICKS * TICK_MS,
    });
    await simulator.prepare();
    await simulator.tick();
    app = await buildTestApp({ database, clock, settings: { metricsBatchSize: TEST_BATCH_SIZE } });
    adminToken = (await login(app, 'admin', TEST_DEMO_PASSWORD)).access_token;
    const nobody = await createTestUser(database, []);
    noPermissionToken = (await login(app, nobody.username, nobody.password)).access_token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  function get(path: string, token: string | null = adminToken) {
    return app.inject({
      method: 'GET',
      url: `/api/ecs${path}`,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  }

  it('asks for a sign-in everywhere and MONITOR_SERVICES for all but the home graphs', async () => {
    for (const path of [...MONITOR_ROUTES, ...SIGNED_IN_ROUTES]) {
      expect((await get(path, null)).statusCode, path).toBe(401);
    }
    for (const path of MONITOR_ROUTES) {
      const response = await get(path, noPermissionToken);
      expect(response.statusCode, path).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    for (const path of SIGNED_IN_ROUTES) {
      expect((await get(path, noPermissionToken)).statusCode, path).toBeLessThan(300);
    }
    expect((await get('/features', noPermissionToken)).json()).toEqual({ searchIndex: true });
  });

  it('lists nodes with status and figures, SAF queues and instances', async () => {
    const { nodes } = nodesResponseSchema.parse((await get('/nodes')).json());
    expect(nodes.map((node) => node.nodeId)).toEqual([
      'jhb-node-01',
      'jhb-node-02',
      'cpt-node-01',
      'cpt-node-02',
    ]);
    expect(nodes[0]).toMatchObject({
      nodeDescription: 'jhb-ecs-01',
      instanceId: 'ecs-jhb',
      instanceName: 'ECS Johannesburg',
      instanceDescription: 'Johannesburg (primary)',
    });
    for (const node of nodes) {
      expect(['online', 'degraded']).toContain(node.status);
      expect(node.metrics['5minTps']).toBeGreaterThan(0);
      expect(node.metrics.percentile95).toBeGreaterThan(0);
    }

    const { queues } = safResponseSchema.parse((await get('/saf')).json());
    expect(queues).toHaveLength(12);
    expect(new Set(queues.map((queue) => queue.receiverDescription))).toEqual(
      new Set(['Amex Gateway (SAF)', 'BankservAfrica EFT (SAF)', 'MTN Airtime (SAF)']),
    );
    // Each receiver has one queue per node, and each row names its node.
    expect(
      queues
        .filter((queue) => queue.receiverDescription === 'MTN Airtime (SAF)')
        .map((queue) => `${queue.instanceDescription} ${queue.node.nodeId} ${queue.node.nodeDescription}`),
    ).toEqual([
      expect.stringMatching(/ jhb-node-01 jhb-ecs-01$/),
      expect.stringMatching(/ jhb-node-02 jhb-ecs-02$/),
      expect.stringMatching(/ cpt-node-01 cpt-ecs-01$/),
      expect.stringMatching(/ cpt-node-02 cpt-ecs-02$/),
    ]);

    const { instances } = instancesResponseSchema.parse((await get('/instances')).json());
    expect(instances).toEqual([
      {
        instanceId: 'ecs-jhb',
        instanceName: 'ECS Johannesburg',
        nodes: [
          { nodeId: 'jhb-node-01', nodeDescription: 'jhb-ecs-01' },
          { nodeId: 'jhb-node-02', nodeDescription: 'jhb-ecs-02' },
        ],
      },
      {
        instanceId: 'ecs-cpt',
        instanceName: 'ECS Cape Town',
        nodes: [
          { nodeId: 'cpt-node-01', nodeDescription: 'cpt-ecs-01' },
          { nodeId: 'cpt-node-02', nodeDescription: 'cpt-ecs-02' },
        ],
      },
    ]);

    // Without new points the nodes go offline.
    app.clock.advance(NODE_OFFLINE_AFTER_MS + TICK_MS);
    try {
      const later = nodesResponseSchema.parse((await get('/nodes')).json());
      expect(later.nodes.every((node) => node.status === 'offline')).toBe(true);
      const laterQueues = safResponseSchema.parse((await get('/saf')).json());
      expect(laterQueues.queues.every((queue) => queue.node.status === 'offline')).toBe(true);
    } finally {
      app.clock.advance(-(NODE_OFFLINE_AFTER_MS + TICK_MS));
    }
  });

  /** Follows the 206 batches to the end; returns each batch's size and status. */
  async function readAll(path: string, query: string) {
    const batches: Array<{ status: number; size: number }> = [];
    const points: MetricPoint[] = [];
    let scrollId: string | undefined;
    for (;;) {
      const response = await get(`${path}?${query}${scrollId === undefined ? '' : `&scrollId=${scrollId}`}`);
      const { metrics } = metricsResponseSchema.parse(response.json());
      batches.push({ status: response.statusCode, size: metrics.length });
      points.push(...metrics);
      if (response.statusCode !== 206) {
        return { batches, points };
      }
      scrollId = metrics.at(-1)?.scrollId;
    }
  }

  it('answers a node’s points in batches of the METRICS_BATCH_SIZE setting with 206 until the last', async () => {
    const { batches, points } = await readAll('/metrics', QUERY);
    expect(batches).toEqual([
      { status: 206, size: 500 },
      { status: 206, size: 500 },
      { status: 200, size: 1 },
    ]);
    const times = points.map((point) => Date.parse(point.time));
    expect(new Set(points.map((point) => point.scrollId)).size).toBe(HISTORY_TICKS);
    for (let index = 1; index < times.length; index += 1) {
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBe(TICK_MS);
    }
    expect(points.at(-1)?.time).toBe('2026-03-02T12:00:00.000Z');

    // The shorter ranges start later; the live view continues after the last point.
    const { batches: recent } = await readAll('/metrics', QUERY.replace('now-1d', 'now-30m'));
    expect(recent).toEqual([{ status: 200, size: 180 }]);
    const last = points.at(-1)?.scrollId ?? '';
    const live = await get(`/metrics?${QUERY}&online=true&scrollId=${last}`);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ metrics: [] });
  });

  it('refuses unknown nodes, a node of another instance and foreign scrollIds', async () => {
    for (const query of [
      'from=now-1h&instance=ecs-jhb&node=nope',
      'from=now-1h&instance=nope&node=jhb-node-01',
      'from=now-1h&instance=ecs-cpt&node=jhb-node-01',
    ]) {
      const response = await get(`/metrics?${query}`);
      expect(response.statusCode, query).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await get(`/metrics?${QUERY}&scrollId=abc`)).statusCode).toBe(400);
    expect((await get(`/metrics?from=now-2h&instance=ecs-jhb&node=jhb-node-01`)).statusCode).toBe(400);
    expect((await get(`/metrics/tpsAgg?${TODAY}&scrollId=1-2`)).statusCode).toBe(400);
    expect((await get('/metrics/tpsAgg?from=yesterday&to=today')).statusCode).toBe(400);
  });

  it('answers the switch-wide series, one point per 10 s, summed over the nodes', async () => {
    const tps = await readAll('/metrics/tpsAgg', TODAY);
    // 12:00:00 is the 4321st tick of the day; the history starts 1000 ticks earlier.
    expect(tps.batches).toEqual([
      { status: 206, size: 500 },
      { status: 206, size: 500 },
      { status: 200, size: 1 },
    ]);
    const count = await readAll('/metrics/countAgg', TODAY);
    expect(count.points).toEqual(tps.points);

    const rows = await database.db
      .selectFrom('metric_points')
      .select(['node_id', 'tps_5min', 'tps_5min_agg', 'total_messages'])
      .where('time', '=', new Date('2026-03-02T12:00:00Z'))
      .execute();
    expect(rows).toHaveLength(4);
    const last = tps.points.at(-1);
    expect(last?.totalMessages).toBe(rows.reduce((sum, row) => sum + Number(row.total_messages), 0));
    expect(last?.['5minTpsAgg']).toBe(rows[0]?.tps_5min_agg);
    expect(last?.['5minTps']).toBeCloseTo(
      rows.reduce((sum, row) => sum + row.tps_5min, 0),
      2,
    );

    const earlier = await readAll(
      '/metrics/countAgg',
      'from=2026-03-02T11:59:00.000Z&to=2026-03-02T11:59:59.999Z',
    );
    expect(earlier.batches).toEqual([{ status: 200, size: 6 }]);
  });

  it("counts today's messages from the start of the operator's day, across the switch's UTC midnight", async () => {
    // Two nodes whose counters restart at 00:00 UTC; the operator's day starts at 23:59:55 UTC.
    const point = (nodeId: string, time: string, total: number) => ({
      node_id: nodeId,
      time: new Date(time),
      tps_5min: 1,
      tps_5min_agg: 2,
      total_messages: total,
      percentile50: 10,
      percentile95: 20,
      percentile99: 30,
    });
    await database.db
      .insertInto('metric_points')
      .values([
        point('jhb-node-01', '2026-03-05T23:59:40Z', 990),
        point('jhb-node-01', '2026-03-05T23:59:50Z', 1_000),
        point('jhb-node-01', '2026-03-06T00:00:00Z', 5),
        point('jhb-node-01', '2026-03-06T00:00:10Z', 12),
        point('cpt-node-01', '2026-03-05T23:59:50Z', 400),
        point('cpt-node-01', '2026-03-06T00:00:00Z', 3),
        point('cpt-node-01', '2026-03-06T00:00:10Z', 4),
      ])
      .execute();
    const day = await readAll(
      '/metrics/countAgg',
      'from=2026-03-05T23:59:45.000Z&to=2026-03-06T23:59:44.999Z',
    );
    expect(day.points.map((p) => [Date.parse(p.time), p.totalMessages])).toEqual([
      [Date.parse('2026-03-05T23:59:50Z'), 10 + 400],
      [Date.parse('2026-03-06T00:00:00Z'), 10 + 400 + 5 + 3],
      [Date.parse('2026-03-06T00:00:10Z'), 10 + 400 + 5 + 3 + 7 + 1],
    ]);
    // From 00:00:05 only the increments after it count.
    const later = await readAll(
      '/metrics/countAgg',
      'from=2026-03-06T00:00:05.000Z&to=2026-03-06T23:59:59.999Z',
    );
    expect(later.points.map((p) => p.totalMessages)).toEqual([7 + 1]);
  });
});

describe('monitoring batches at the default size', () => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    // Three full days of points for one node: the longest range Node View offers.
    const longest = Math.max(...TIME_RANGES.map((range) => range.milliseconds));
    const rows = Array.from({ length: longest / METRICS_POINT_INTERVAL_MS }, (_, index) => ({
      node_id: 'jhb-node-01',
      time: new Date(NOW_ON_A_POINT.getTime() - longest + (index + 1) * METRICS_POINT_INTERVAL_MS),
      tps_5min: 1,
      tps_5min_agg: 4,
      total_messages: index,
      percentile50: 10,
      percentile95: 20,
      percentile99: 30,
    }));
    for (let start = 0; start < rows.length; start += 2_000) {
      await database.db
        .insertInto('metric_points')
        .values(rows.slice(start, start + 2_000))
        .execute();
    }
    app = await buildTestApp({ database, clock: new ManualClock(NOW_ON_A_POINT) });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers the whole of the last 3 days in two batches, so the graph reaches now 2 s after it opens', async () => {
    const token = (await login(app, 'admin', TEST_DEMO_PASSWORD)).access_token;
    const statuses: number[] = [];
    const points: MetricPoint[] = [];
    let scrollId: string | undefined;
    for (;;) {
      const response = await app.inject({
        url: `/api/ecs/metrics?from=now-3d&instance=ecs-jhb&node=jhb-node-01${scrollId === undefined ? '' : `&scrollId=${scrollId}`}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const { metrics } = metricsResponseSchema.parse(response.json());
      statuses.push(response.statusCode);
      points.push(...metrics);
      if (response.statusCode !== 206) break;
      scrollId = metrics.at(-1)?.scrollId;
    }
    expect(statuses).toEqual([206, 200]);
    expect(statuses.length).toBeLessThanOrEqual(METRICS_BATCHES_TO_NOW);
    expect(points).toHaveLength(3 * 24 * 360);
    expect(points.at(-1)?.time).toBe(NOW_ON_A_POINT.toISOString());
  });
});
