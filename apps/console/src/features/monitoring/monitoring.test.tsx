import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  Instance,
  MetricPoint,
  Node,
  ReducedMetricsResponse,
  SafQueue,
} from '@web-control/contract/monitoring';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GRAPH_LOAD_FAILED } from '../../shared/charts/chart-panel';
import { FALLBACK_PLOT_WIDTH } from '../../shared/charts/use-plot-width';
import { setRuntimeConfig } from '../../shared/runtime-config';
import { jsonResponse, routeFetch, settle } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { TEST_CONFIG } from '../../test/tokens';
import { FakeUPlot } from '../../test/uplot';
import { HealthOverviewPage } from './health-overview/health-overview-page';
import { NodeViewPage } from './node-view/node-view-page';

vi.mock('uplot', async () => ({ default: (await import('../../test/uplot')).FakeUPlot }));

const routes: RouteObject[] = [
  { path: '/dashboard/monitoring/overview', element: <HealthOverviewPage /> },
  { path: '/dashboard/monitoring/node', element: <NodeViewPage /> },
];

const nodes: Node[] = [
  {
    nodeId: 'n1',
    nodeDescription: 'Switch node 1',
    instanceId: 'i1',
    instanceDescription: 'Primary switch',
    instanceName: 'primary',
    status: 'online',
    metrics: { '5minTps': 12.3456, percentile95: 45.678 },
  },
  {
    nodeId: 'n2',
    nodeDescription: 'Switch node 2',
    instanceId: 'i2',
    instanceDescription: 'Secondary switch',
    instanceName: 'secondary',
    status: 'offline',
    metrics: { '5minTps': 0, percentile95: 0 },
  },
];
const queues: SafQueue[] = [
  {
    receiverDescription: 'Card issuer',
    instanceDescription: 'Primary switch',
    queueLength: 1234,
    retransmits: 7,
    node: { nodeId: 'n1', nodeDescription: 'Switch node 1', status: 'degraded' },
  },
];
const instances: Instance[] = [
  { instanceId: 'i1', instanceName: 'primary', nodes: [{ nodeId: 'n1', nodeDescription: 'Switch node 1' }] },
  {
    instanceId: 'i2',
    instanceName: 'secondary',
    nodes: [{ nodeId: 'n2', nodeDescription: 'Switch node 2' }],
  },
];

function metricPoint(second: number): MetricPoint {
  return {
    time: new Date(Date.now() - 60_000 + second * 1000).toISOString(),
    scrollId: `p${second}`,
    '5minTps': second,
    '5minTpsAgg': second * 2,
    totalMessages: second * 100,
    percentile50: 10,
    percentile95: 20,
    percentile99: 30,
  };
}

type Handler = (body: unknown, url: URL) => Response;

/** The range reduced to buckets, one per point here, each gauge's max 100 above its value. */
function reduced(points: MetricPoint[]): ReducedMetricsResponse {
  const gauge = (metric: '5minTps' | 'percentile50' | 'percentile95' | 'percentile99') => ({
    metric,
    values: points.map((p) => p[metric]),
    min: points.map((p) => p[metric]),
    max: points.map((p) => p[metric] + 100),
  });
  return {
    stepMs: 10_000,
    times: points.map((p) => Date.parse(p.time)),
    series: [gauge('5minTps'), gauge('percentile50'), gauge('percentile95'), gauge('percentile99')],
    scrollId: points.at(-1)?.scrollId,
  };
}

/** A first load (with maxDataPoints) gets the reduced range; a load after scrollId gets points. */
function answer(url: URL, points: MetricPoint[], status = 200): Response {
  return url.searchParams.has('maxDataPoints')
    ? jsonResponse(200, reduced(points))
    : jsonResponse(status, { metrics: points });
}

function setup(overrides: Record<string, Handler> = {}) {
  const fetch = routeFetch({
    'GET /api/ecs/nodes': () => jsonResponse(200, { nodes }),
    'GET /api/ecs/saf': () => jsonResponse(200, { queues }),
    'GET /api/ecs/instances': () => jsonResponse(200, { instances }),
    'GET /api/ecs/metrics': (_body, url) => answer(url, [metricPoint(0), metricPoint(10)]),
    ...overrides,
  });
  vi.stubGlobal('fetch', fetch.fetchMock);
  return fetch;
}

describe('Health Overview', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the nodes and SAF queues with TPS to 3 decimals and response times to 2 in ms', async () => {
    setup();
    renderRoutes(routes, { path: '/dashboard/monitoring/overview' });
    expect(document.title).toBe('Health Overview | Web Control');
    const nodeTable = await screen.findByRole('table', { name: 'Node Health' });
    expect(
      within(nodeTable)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Node', 'Status', 'TPS', 'RSP Time', 'Actions']);
    const first = within(nodeTable).getAllByRole('row')[1];
    expect(first).toBeDefined();
    const cells = within(first as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Switch node 1Primary switch',
      '',
      '12.346',
      '45.68 ms',
      'view node',
    ]);
    expect(within(nodeTable).getByRole('img', { name: 'Status: online' })).toBeInTheDocument();
    expect(within(nodeTable).queryByText('online'), 'the status value is not shown').toBeNull();

    const queueTable = screen.getByRole('table', { name: 'SAF Queue Health' });
    expect(
      within(queueTable)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Receiver', 'Status', 'Length', 'Transmits']);
    const queueCells = within(queueTable)
      .getAllByRole('cell')
      .map((cell) => cell.textContent.replace(/\s/g, ' '));
    expect(queueCells).toEqual(['Card issuerPrimary switch · Switch node 1', '', '1 234', '7']);
    expect(within(queueTable).getByRole('img', { name: 'Status: degraded' })).toBeInTheDocument();
  });

  it('colours each status dot with a class named after its status', async () => {
    setup();
    renderRoutes(routes, { path: '/dashboard/monitoring/overview' });
    const online = await screen.findByRole('img', { name: 'Status: online' });
    const offline = screen.getByRole('img', { name: 'Status: offline' });
    expect(online.className).toMatch(/online/);
    expect(offline.className).toMatch(/offline/);
  });

  it("'view node' opens Node View carrying the instance and node in navigation state and in its address", async () => {
    setup();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { router } = renderRoutes(routes, { path: '/dashboard/monitoring/overview' });
    const rows = within(await screen.findByRole('table', { name: 'Node Health' })).getAllByRole('row');
    const link = within(rows[2] as HTMLElement).getByRole('link', { name: 'view node Switch node 2' });
    // A Ctrl-click opens the address in a new tab, which has no navigation state.
    expect(link).toHaveAttribute('href', '/dashboard/monitoring/node?instance=i2&node=n2');
    await user.click(link);
    expect(await screen.findByRole('combobox', { name: 'Node' })).toHaveValue('Switch node 2');
    expect(router.state.location.pathname).toBe('/dashboard/monitoring/node');
    expect(router.state.location.state).toEqual({ instanceId: 'i2', nodeId: 'n2' });
  });

  it('opens the node and range a link names, and writes a new choice into the address', async () => {
    setup();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { router } = renderRoutes(routes, {
      path: '/dashboard/monitoring/node?instance=i2&node=n2&range=now-1h',
    });
    expect(await screen.findByRole('combobox', { name: 'Node' })).toHaveValue('Switch node 2');
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveValue('Last hour');

    await user.click(screen.getByRole('combobox', { name: 'Time range' }));
    await user.click(screen.getByRole('option', { name: 'Last day', hidden: true }));
    expect(router.state.location.search).toBe('?instance=i2&node=n2&range=now-1d');
  });

  it('says a node a link names that no instance reports, and shows the first node instead', async () => {
    const { requests } = setup();
    renderRoutes(routes, { path: '/dashboard/monitoring/node?instance=i2&node=nope-99' });
    expect(await screen.findByRole('combobox', { name: 'Node' })).toHaveValue('Switch node 1');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Node nope-99 of secondary is not reported now: Switch node 1 is shown instead.',
    );
    await screen.findByRole('figure', { name: 'Request messages per second' });
    await settle();
    expect(requests('/api/ecs/metrics')[0]?.searchParams.get('node')).toBe('n1');
  });

  it('finds the node a link names without its instance, and keeps a range a link names alone', async () => {
    setup();
    const { unmount } = renderRoutes(routes, { path: '/dashboard/monitoring/node?node=n2' });
    expect(await screen.findByRole('combobox', { name: 'Node' })).toHaveValue('Switch node 2');
    expect(screen.queryByRole('status')).toBeNull();
    unmount();

    renderRoutes(routes, { path: '/dashboard/monitoring/node?range=now-1d' });
    expect(await screen.findByRole('combobox', { name: 'Time range' })).toHaveValue('Last day');
    expect(screen.getByRole('combobox', { name: 'Node' })).toHaveValue('Switch node 1');
  });

  it('says an instance a link names that is not reported, and shows the first node instead', async () => {
    setup();
    renderRoutes(routes, { path: '/dashboard/monitoring/node?instance=nope' });
    expect(await screen.findByRole('combobox', { name: 'Node' })).toHaveValue('Switch node 1');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Instance nope is not reported now: Switch node 1 is shown instead.',
    );
  });

  it('says an instance a link names that reports no nodes, and shows the first node instead', async () => {
    setup({
      'GET /api/ecs/instances': () =>
        jsonResponse(200, {
          instances: [...instances, { instanceId: 'i3', instanceName: 'standby', nodes: [] }],
        }),
    });
    renderRoutes(routes, { path: '/dashboard/monitoring/node?instance=i3' });
    expect(await screen.findByRole('combobox', { name: 'Node' })).toHaveValue('Switch node 1');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Instance standby reports no nodes now: Switch node 1 is shown instead.',
    );
  });

  it('says a node a link names without its instance that no instance reports', async () => {
    setup();
    renderRoutes(routes, { path: '/dashboard/monitoring/node?node=cpt-node-02' });
    expect(await screen.findByRole('combobox', { name: 'Node' })).toHaveValue('Switch node 1');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Node cpt-node-02 is not reported now: Switch node 1 is shown instead.',
    );
  });

  it('keeps the node a link names when its range does not read', async () => {
    setup();
    renderRoutes(routes, { path: '/dashboard/monitoring/node?instance=i2&node=n2&range=bogus' });
    expect(await screen.findByRole('combobox', { name: 'Node' })).toHaveValue('Switch node 2');
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveValue('Last 30 minutes');
  });

  it('says when there are no nodes and no SAF queues', async () => {
    setup({
      'GET /api/ecs/nodes': () => jsonResponse(200, { nodes: [] }),
      'GET /api/ecs/saf': () => jsonResponse(200, { queues: [] }),
    });
    renderRoutes(routes, { path: '/dashboard/monitoring/overview' });
    expect(await screen.findByText('No nodes were found')).toBeInTheDocument();
    expect(screen.getByText('No SAF queues were found')).toBeInTheDocument();
  });

  it.each(['/api/ecs/nodes', '/api/ecs/saf'])('says metrics are unavailable when %s fails', async (path) => {
    setup({ [`GET ${path}`]: () => jsonResponse(500, { errorMessage: 'down', code: 'INTERNAL' }) });
    renderRoutes(routes, { path: '/dashboard/monitoring/overview' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Metrics are currently unavailable');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('refreshes both every 30 s in the background, keeping the tables and showing no loader', async () => {
    let tps = 1;
    const { requests } = setup({
      'GET /api/ecs/nodes': () =>
        jsonResponse(200, { nodes: [{ ...nodes[0], metrics: { '5minTps': tps, percentile95: 1 } }] }),
    });
    renderRoutes(routes, { path: '/dashboard/monitoring/overview' });
    expect(await screen.findByRole('cell', { name: '1.000' })).toBeInTheDocument();
    tps = 2;
    await settle(29_000);
    expect(requests('/api/ecs/nodes')).toHaveLength(1);
    await settle(1_000);
    expect(screen.queryByLabelText('Loading'), 'a background refresh shows no loader').toBeNull();
    expect(screen.getByRole('table', { name: 'Node Health' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: '2.000' })).toBeInTheDocument();
    expect(requests('/api/ecs/nodes')).toHaveLength(2);
    expect(requests('/api/ecs/saf')).toHaveLength(2);
  });

  it('says metrics are unavailable above the last figures when a refresh fails', async () => {
    let failing = false;
    setup({
      'GET /api/ecs/nodes': () =>
        failing
          ? jsonResponse(500, { errorMessage: 'down', code: 'INTERNAL' })
          : jsonResponse(200, { nodes }),
    });
    renderRoutes(routes, { path: '/dashboard/monitoring/overview' });
    expect(await screen.findByRole('table', { name: 'Node Health' })).toBeInTheDocument();
    failing = true;
    // The refresh, then the query's retries.
    await settle(30_000);
    await settle(10_000);
    expect(await screen.findByRole('alert')).toHaveTextContent('Metrics are currently unavailable');
    expect(screen.getByRole('table', { name: 'Node Health' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'SAF Queue Health' })).toBeInTheDocument();
  });
});

describe('Node View', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    FakeUPlot.reset();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('selects the first node of the first instance and the first time range, then draws both charts', async () => {
    const { requests } = setup();
    renderRoutes(routes, { path: '/dashboard/monitoring/node' });
    expect(document.title).toBe('Node View | Web Control');
    expect(await screen.findByRole('combobox', { name: 'Node' })).toHaveValue('Switch node 1');
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveValue('Last 30 minutes');
    expect(await screen.findByRole('figure', { name: 'Request messages per second' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Response time on requests' })).toBeInTheDocument();
    await settle();
    const query = Object.fromEntries(requests('/api/ecs/metrics')[0]?.searchParams ?? []);
    expect(query, 'as many points as the plot is wide').toEqual({
      from: 'now-30m',
      online: 'true',
      instance: 'i1',
      node: 'n1',
      maxDataPoints: String(FALLBACK_PLOT_WIDTH),
    });
    expect(FakeUPlot.instances.length).toBeGreaterThanOrEqual(2);
    // Each bucket's max is drawn as the band's upper edge: a spike inside a bucket shows.
    const plot = FakeUPlot.instances.find((p) => p.opts.series.some((s) => s.label === 'TPS (5 minutes)'));
    expect(plot?.opts.bands).toHaveLength(1);
    expect(plot?.data.slice(1)).toEqual([
      [0, 10],
      [100, 110],
      [0, 10],
    ]);
  });

  it('selects the node passed in navigation state', async () => {
    const { requests } = setup();
    renderRoutes(routes, { path: '/dashboard/monitoring/node', state: { instanceId: 'i2', nodeId: 'n2' } });
    expect(await screen.findByRole('combobox', { name: 'Node' })).toHaveValue('Switch node 2');
    await screen.findByRole('figure', { name: 'Request messages per second' });
    await settle();
    expect(requests('/api/ecs/metrics')[0]?.searchParams.get('node')).toBe('n2');
  });

  it('hides the 99th percentile by default', async () => {
    setup();
    renderRoutes(routes, { path: '/dashboard/monitoring/node' });
    const chart = await screen.findByRole('figure', { name: 'Response time on requests' });
    expect(await within(chart).findByRole('button', { name: '99th percentile' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(chart).getByRole('button', { name: '95th percentile' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(chart).getByText('20.00 ms')).toBeInTheDocument();
    const plot = FakeUPlot.instances.find((p) => p.opts.series.some((s) => s.label === '99th percentile'));
    expect(plot?.isShown(3)).toBe(false);
  });

  it('polls after the reduced range, asks for the next batch 2 s after a 206 and appends it', async () => {
    const { requests } = setup({
      'GET /api/ecs/metrics': (_body, url) => {
        const scrollId = url.searchParams.get('scrollId');
        if (scrollId === 'p10') return jsonResponse(206, { metrics: [metricPoint(20)] });
        if (scrollId === 'p20') return jsonResponse(200, { metrics: [metricPoint(30)] });
        return answer(url, [metricPoint(0), metricPoint(10)]);
      },
    });
    renderRoutes(routes, { path: '/dashboard/monitoring/node' });
    const chart = await screen.findByRole('figure', { name: 'Request messages per second' });
    await within(chart).findByRole('button', { name: 'TPS (5 minutes)' });
    expect(requests('/api/ecs/metrics')).toHaveLength(1);
    await settle(30_000);
    expect(requests('/api/ecs/metrics')).toHaveLength(2);
    expect(requests('/api/ecs/metrics')[1]?.searchParams.get('scrollId')).toBe('p10');
    expect(requests('/api/ecs/metrics')[1]?.searchParams.has('maxDataPoints')).toBe(false);
    await settle(1_500);
    expect(requests('/api/ecs/metrics'), 'not before 2 s').toHaveLength(2);
    await settle(600);
    expect(requests('/api/ecs/metrics')).toHaveLength(3);
    expect(requests('/api/ecs/metrics')[2]?.searchParams.get('scrollId')).toBe('p20');
    await settle();
    expect(within(chart).getByText('30.000')).toBeInTheDocument();
    const plot = FakeUPlot.instances.find((p) => p.opts.series.some((s) => s.label === 'TPS (5 minutes)'));
    // The reported points' band is their value: only the buckets carry a max of their own.
    expect(plot?.data.slice(1)).toEqual([
      [0, 10, 20, 30],
      [100, 110, 20, 30],
      [0, 10, 20, 30],
    ]);
  });

  it('refreshes every 30 s from the scroll position', async () => {
    const { requests } = setup();
    renderRoutes(routes, { path: '/dashboard/monitoring/node' });
    await screen.findByRole('figure', { name: 'Request messages per second' });
    await settle();
    expect(requests('/api/ecs/metrics')).toHaveLength(1);
    await settle(30_000);
    expect(requests('/api/ecs/metrics')).toHaveLength(2);
    expect(requests('/api/ecs/metrics')[1]?.searchParams.get('scrollId')).toBe('p10');
  });

  it('starts afresh for another time range', async () => {
    const { requests } = setup();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderRoutes(routes, { path: '/dashboard/monitoring/node' });
    // By keyboard: open the list, move down to the last range, choose it.
    (await screen.findByRole('combobox', { name: 'Time range' })).focus();
    await user.keyboard('{ArrowDown}');
    await settle(500);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveValue('Last 3 days');
    await settle();
    const last = requests('/api/ecs/metrics').at(-1);
    expect(last?.searchParams.get('from')).toBe('now-3d');
    expect(last?.searchParams.get('scrollId')).toBeNull();
  });

  it('keeps the node and range chosen in the entry, so Back to the page (or a reload) shows them again', async () => {
    const { requests } = setup();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { router } = renderRoutes(routes, {
      path: '/dashboard/monitoring/node',
      state: { instanceId: 'i1', nodeId: 'n1' },
    });
    await user.click(await screen.findByRole('combobox', { name: 'Node' }));
    await user.click(await screen.findByRole('option', { name: 'Switch node 2', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: 'Time range' }));
    await user.click(await screen.findByRole('option', { name: 'Last day', hidden: true }));
    expect(router.state.location.state).toEqual({ instanceId: 'i2', nodeId: 'n2', timeRange: 'now-1d' });

    await act(() => router.navigate('/dashboard/monitoring/overview'));
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('combobox', { name: 'Node' })).toHaveValue('Switch node 2');
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveValue('Last day');
    await settle();
    const last = requests('/api/ecs/metrics').at(-1);
    expect(last?.searchParams.get('node')).toBe('n2');
    expect(last?.searchParams.get('from')).toBe('now-1d');
  });

  it('shows no data when the metrics fail to load', async () => {
    setup({ 'GET /api/ecs/metrics': () => jsonResponse(502, {}) });
    renderRoutes(routes, { path: '/dashboard/monitoring/node' });
    const chart = await screen.findByRole('figure', { name: 'Request messages per second' });
    expect(await within(chart).findByRole('alert')).toHaveTextContent(GRAPH_LOAD_FAILED);
  });

  it('says metrics are unavailable when the nodes cannot be listed, and when there are none', async () => {
    setup({ 'GET /api/ecs/instances': () => jsonResponse(500, {}) });
    const view = renderRoutes(routes, { path: '/dashboard/monitoring/node' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Metrics are currently unavailable');
    view.unmount();
    setup({ 'GET /api/ecs/instances': () => jsonResponse(200, { instances: [] }) });
    renderRoutes(routes, { path: '/dashboard/monitoring/node' });
    expect(await screen.findByText('No nodes were found')).toBeInTheDocument();
    expect(screen.queryByRole('figure')).toBeNull();
  });
});
