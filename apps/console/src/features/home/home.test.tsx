import { screen, within } from '@testing-library/react';
import type { MetricPoint } from '@web-control/contract/monitoring';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GRAPH_LOAD_FAILED } from '../../shared/charts/chart-panel';
import { setRuntimeConfig } from '../../shared/runtime-config';
import { jsonResponse, routeFetch, settle } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
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

function setup(searchIndex: boolean, overrides: Record<string, Handler> = {}) {
  const fetch = routeFetch({
    'GET /api/ecs/features': () => jsonResponse(200, { searchIndex }),
    'GET /api/ecs/metrics/tpsAgg': () => jsonResponse(200, { metrics: [point(1), point(2)] }),
    'GET /api/ecs/metrics/countAgg': () => jsonResponse(200, { metrics: [point(1), point(2)] }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fetch.fetchMock);
  return fetch;
}

describe('Home', () => {
  beforeEach(() => {
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
      expect(query, `${path} asks for the whole of today`).toEqual({ from: day.from, to: day.to });
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

  it('asks for the next batch 2 s after a 206, continuing from the last point', async () => {
    const { requests } = setup(false, {
      'GET /api/ecs/metrics/countAgg': (_body, url) =>
        url.searchParams.get('scrollId') === 'a2'
          ? jsonResponse(200, { metrics: [point(3)] })
          : jsonResponse(206, { metrics: [point(1), point(2)] }),
    });
    renderRoutes(routes, { path: '/dashboard/home' });
    const count = await screen.findByRole('figure', { name: 'Total Messages Processed Today' });
    expect(
      await within(count).findByLabelText('Loading more of Total Messages Processed Today'),
    ).toBeInTheDocument();
    await settle(1_500);
    expect(requests('/api/ecs/metrics/countAgg'), 'not before 2 s').toHaveLength(1);
    await settle(600);
    expect(requests('/api/ecs/metrics/countAgg')[1]?.searchParams.get('scrollId')).toBe('a2');
    expect(await within(count).findByText(/^3\s000$/)).toBeInTheDocument();
    expect(within(count).queryByLabelText(/Loading more/)).toBeNull();
  });

  it('refreshes every 30 s, but the daily total skips a refresh while its batches are loading', async () => {
    // Every answer is partial: the batches keep coming, 2 s apart, past the 30 s refresh.
    let next = 0;
    const { requests } = setup(false, {
      'GET /api/ecs/metrics/countAgg': () => {
        next += 1;
        return jsonResponse(206, { metrics: [point(next)] });
      },
    });
    renderRoutes(routes, { path: '/dashboard/home' });
    await screen.findByRole('figure', { name: 'Total Messages Processed Today' });
    await settle();
    for (let second = 2; second <= 34; second += 2) await settle(2_000);
    const scrollIds = requests('/api/ecs/metrics/countAgg').map((url) => url.searchParams.get('scrollId'));
    expect(scrollIds.length, 'the batches went on past the 30 s refresh').toBeGreaterThan(15);
    // One request at the start and one per 2 s follow-up; a refresh at 30 s would add a second chain.
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
          : jsonResponse(200, {
              metrics: url.searchParams.get('scrollId') ? [point(3)] : [point(1), point(2)],
            }),
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
