import { screen, within } from '@testing-library/react';
import type { MetricPoint, ReducedMetricsResponse } from '@web-control/contract/monitoring';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GRAPH_LOAD_FAILED } from '../../shared/charts/chart-panel';
import { FALLBACK_PLOT_WIDTH } from '../../shared/charts/use-plot-width';
import { setRuntimeConfig } from '../../shared/runtime-config';
import { jsonResponse, routeFetch, settle } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { FakeUPlot } from '../../test/uplot';
import { TEST_CONFIG } from '../../test/tokens';
import { today } from './api/aggregate-metrics';
import { HomePage } from './home-page';

vi.mock('uplot', async () => ({ default: (await import('../../test/uplot')).FakeUPlot }));

const routes: RouteObject[] = [{ path: '/dashboard/home', element: <HomePage /> }];

function point(index: number): MetricPoint {
  return {
    time: new Date(Date.now() - 3_600_000 + index * 10_000).toISOString(),
    scrollId: `a${index}`,
    '5minTps': 1,
    '5minTpsAgg': index + 0.5,
    totalMessages: index * 1000,
    percentile50: 1,
    percentile95: 2,
    percentile99: 3,
  };
}

type Handler = (body: unknown, url: URL) => Response;

/** The day reduced to buckets, one per point here; polling continues from the last point. */
function reduced(points: MetricPoint[]): ReducedMetricsResponse {
  return {
    stepMs: 10_000,
    times: points.map((p) => Date.parse(p.time)),
    series: [
      {
        metric: '5minTpsAgg',
        values: points.map((p) => p['5minTpsAgg']),
        min: points.map((p) => p['5minTpsAgg'] - 0.5),
        max: points.map((p) => p['5minTpsAgg'] + 10),
      },
      { metric: 'totalMessages', values: points.map((p) => p.totalMessages) },
    ],
    scrollId: points.at(-1)?.scrollId,
  };
}

/** A first load (with maxDataPoints) gets the reduced day; a load after scrollId gets points. */
function answer(url: URL, points: MetricPoint[], status = 200): Response {
  return url.searchParams.has('maxDataPoints')
    ? jsonResponse(200, reduced(points))
    : jsonResponse(status, { metrics: points });
}

function setup(searchIndex: boolean, overrides: Record<string, Handler> = {}) {
  const fetch = routeFetch({
    'GET /api/ecs/features': () => jsonResponse(200, { searchIndex }),
    'GET /api/ecs/metrics/tpsAgg': (_body, url) => answer(url, [point(1), point(2)]),
    'GET /api/ecs/metrics/countAgg': (_body, url) => answer(url, [point(1), point(2)]),
    ...overrides,
  });
  vi.stubGlobal('fetch', fetch.fetchMock);
  return fetch;
}

describe('Home', () => {
  beforeEach(() => {
    FakeUPlot.reset();
    setRuntimeConfig({ ...TEST_CONFIG });
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows both graphs of today when the server has a search index', async () => {
    const { requests } = setup(true);
    renderRoutes(routes, { path: '/dashboard/home' });
    expect(document.title).toBe('Home | Web Control');
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    const tps = await screen.findByRole('figure', { name: 'Messages per Second Today' });
    const count = screen.getByRole('figure', { name: 'Total Messages Processed Today' });
    expect(await within(tps).findByText('2.500')).toBeInTheDocument();
    expect(await within(count).findByText(/^2\s000$/)).toBeInTheDocument();
    const day = today();
    for (const path of ['/api/ecs/metrics/tpsAgg', '/api/ecs/metrics/countAgg']) {
      const query = Object.fromEntries(requests(path)[0]?.searchParams ?? []);
      expect(query, `${path} asks for the whole of today, as many points as the plot is wide`).toEqual({
        from: day.from,
        to: day.to,
        maxDataPoints: String(FALLBACK_PLOT_WIDTH),
      });
    }
    expect(new Date(day.from).getHours()).toBe(0);
    expect(new Date(day.to).getHours()).toBe(23);
  });

  it('shows only the daily total without a search index', async () => {
    const { requests } = setup(false);
    renderRoutes(routes, { path: '/dashboard/home' });
    expect(await screen.findByRole('figure', { name: 'Total Messages Processed Today' })).toBeInTheDocument();
    expect(screen.queryByRole('figure', { name: 'Messages per Second Today' })).toBeNull();
    await settle();
    expect(requests('/api/ecs/metrics/tpsAgg')).toHaveLength(0);
  });

  it('draws the band of each bucket around the TPS line, so a spike inside one shows', async () => {
    setup(true);
    renderRoutes(routes, { path: '/dashboard/home' });
    const tps = await screen.findByRole('figure', { name: 'Messages per Second Today' });
    expect(await within(tps).findByText('2.500')).toBeInTheDocument();
    const plot = FakeUPlot.instances.find((instance) => instance.opts.bands?.length === 1);
    expect(plot?.data.slice(1)).toEqual([
      [1.5, 2.5],
      [11.5, 12.5],
      [1, 2],
    ]);
  });

  it('asks for the next batch 2 s after a 206, continuing from the last point', async () => {
    const { requests } = setup(false, {
      'GET /api/ecs/metrics/countAgg': (_body, url) => {
        const scrollId = url.searchParams.get('scrollId');
        if (scrollId === 'a2') return jsonResponse(206, { metrics: [point(3)] });
        if (scrollId === 'a3') return jsonResponse(200, { metrics: [point(4)] });
        return answer(url, [point(1), point(2)]);
      },
    });
    renderRoutes(routes, { path: '/dashboard/home' });
    const count = await screen.findByRole('figure', { name: 'Total Messages Processed Today' });
    expect(await within(count).findByText(/^2\s000$/)).toBeInTheDocument();
    await settle(30_000);
    expect(
      await within(count).findByLabelText('Loading more of Total Messages Processed Today'),
    ).toBeInTheDocument();
    await settle(1_500);
    expect(requests('/api/ecs/metrics/countAgg'), 'not before 2 s').toHaveLength(2);
    await settle(600);
    expect(requests('/api/ecs/metrics/countAgg')[2]?.searchParams.get('scrollId')).toBe('a3');
    expect(await within(count).findByText(/^4\s000$/)).toBeInTheDocument();
    expect(within(count).queryByLabelText(/Loading more/)).toBeNull();
  });

  it('refreshes every 30 s, but the daily total skips a refresh while its batches are loading', async () => {
    // Every answer is partial: the batches keep coming, 2 s apart, past the 30 s refresh.
    let next = 0;
    const { requests } = setup(false, {
      'GET /api/ecs/metrics/countAgg': (_body, url) => {
        next += 1;
        return answer(url, [point(next)], 206);
      },
    });
    renderRoutes(routes, { path: '/dashboard/home' });
    await screen.findByRole('figure', { name: 'Total Messages Processed Today' });
    await settle();
    // The reduced first load is whole; the refresh at 30 s starts the chain of partial batches.
    for (let second = 2; second <= 64; second += 2) await settle(2_000);
    const scrollIds = requests('/api/ecs/metrics/countAgg').map((url) => url.searchParams.get('scrollId'));
    expect(scrollIds.length, 'the batches went on past the next 30 s refresh').toBeGreaterThan(15);
    // One chain of 2 s follow-ups after the 30 s refresh; a refresh at 60 s would add a second one.
    expect(scrollIds).toEqual([null, ...Array.from({ length: scrollIds.length - 1 }, (_, i) => `a${i + 1}`)]);
    expect(new Set(scrollIds).size, 'no point is asked for twice').toBe(scrollIds.length);
  });

  it('refreshes from the scroll position every 30 s', async () => {
    const { requests } = setup(false);
    renderRoutes(routes, { path: '/dashboard/home' });
    await screen.findByRole('figure', { name: 'Total Messages Processed Today' });
    await settle();
    await settle(30_000);
    expect(requests('/api/ecs/metrics/countAgg').map((url) => url.searchParams.get('scrollId'))).toEqual([
      null,
      'a2',
    ]);
  });

  it('shows no data after a failed load and does not advance its scroll position', async () => {
    let fail = false;
    const { requests } = setup(true, {
      'GET /api/ecs/metrics/tpsAgg': (_body, url) =>
        fail
          ? jsonResponse(500, {})
          : answer(url, url.searchParams.get('scrollId') ? [point(3)] : [point(1), point(2)]),
    });
    renderRoutes(routes, { path: '/dashboard/home' });
    const tps = await screen.findByRole('figure', { name: 'Messages per Second Today' });
    expect(await within(tps).findByText('2.500')).toBeInTheDocument();
    fail = true;
    await settle(30_000);
    expect(await within(tps).findByRole('alert')).toHaveTextContent(GRAPH_LOAD_FAILED);
    fail = false;
    await settle(30_000);
    const scrollIds = requests('/api/ecs/metrics/tpsAgg').map((url) => url.searchParams.get('scrollId'));
    expect(scrollIds, 'the load after the failure continues from the same point').toEqual([null, 'a2', 'a2']);
    expect(await within(tps).findByText('3.500')).toBeInTheDocument();
    expect(within(tps).queryByRole('alert')).toBeNull();
  });
});
