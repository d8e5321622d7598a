import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { METRICS_BATCH_SIZE, METRICS_POINT_INTERVAL_MS, TIME_RANGES } from '@web-control/contract/monitoring';
import {
  BATCH_FOLLOW_UP_MS,
  initialSeriesState,
  mergePoints,
  reduceSeries,
  streamSeries,
  visiblePoints,
  type Batch,
  type SeriesEvent,
  type SeriesPoint,
  type SeriesState,
} from './batched-series';

function point(minute: number): SeriesPoint {
  return { time: new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString(), scrollId: `s${minute}` };
}

/** Runs one load to its end, folding its events into the state, and records every state. */
function runLoad(
  state: SeriesState<SeriesPoint>,
  fetchBatch: (scrollId: string | undefined) => Promise<Batch<SeriesPoint>>,
  options: { keepAfter?: number; signal?: AbortSignal } = {},
) {
  const states: SeriesState<SeriesPoint>[] = [];
  let current = state;
  const done = (async () => {
    for await (const event of streamSeries({ fetchBatch, scrollId: current.scrollId, ...options })) {
      current = reduceSeries(current, event);
      states.push(current);
    }
    return current;
  })();
  return { states, done, now: () => current };
}

describe('mergePoints', () => {
  it('appends new points in time order and drops any scrollId already there', () => {
    const merged = mergePoints([point(1), point(2)], [point(2), point(4), point(3), point(4)]);
    expect(merged.map((p) => p.scrollId)).toEqual(['s1', 's2', 's3', 's4']);
  });

  it('keeps the existing points when nothing is new', () => {
    expect(mergePoints([point(1)], [point(1)])).toEqual([point(1)]);
  });
});

describe('reduceSeries', () => {
  it('moves the scroll position to the last point of a batch', () => {
    const state = reduceSeries(initialSeriesState(), {
      type: 'batch',
      batch: { points: [point(1), point(2)], partial: true },
    });
    expect(state).toMatchObject({ scrollId: 's2', phase: 'waiting', settled: true, more: true });
  });

  it("continues from a reduced answer's own scrollId rather than its last bucket", () => {
    const state = reduceSeries(initialSeriesState(), {
      type: 'batch',
      batch: { points: [point(1), point(2)], partial: false, scrollId: 'raw-7' },
    });
    expect(state).toMatchObject({ scrollId: 'raw-7', phase: 'idle', more: false });
  });

  it('keeps the scroll position on an empty batch', () => {
    const start = { ...initialSeriesState<SeriesPoint>(), scrollId: 's9' };
    expect(reduceSeries(start, { type: 'batch', batch: { points: [], partial: false } }).scrollId).toBe('s9');
  });

  it('after a failure shows no data and keeps the scroll position and the points for the next load', () => {
    const loaded = reduceSeries(initialSeriesState(), {
      type: 'batch',
      batch: { points: [point(1)], partial: false },
    });
    const failed = reduceSeries(reduceSeries(loaded, { type: 'load' }), { type: 'fail' });
    expect(failed).toMatchObject({ scrollId: 's1', phase: 'idle', failed: true });
    expect(visiblePoints(failed)).toEqual([]);
    const recovered = reduceSeries(reduceSeries(failed, { type: 'load' }), {
      type: 'batch',
      batch: { points: [point(2)], partial: false },
    });
    expect(visiblePoints(recovered).map((p) => p.scrollId)).toEqual(['s1', 's2']);
  });

  it('drops points older than the window when a load starts', () => {
    const loaded = reduceSeries(initialSeriesState(), {
      type: 'batch',
      batch: { points: [point(1), point(5)], partial: false },
    });
    const state = reduceSeries(loaded, { type: 'load', keepAfter: Date.parse(point(3).time) });
    expect(state.points.map((p) => p.scrollId)).toEqual(['s5']);
    expect(state.phase).toBe('loading');
  });
});

describe('streamSeries', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes idle → loading → waiting, asks for the next batch 2 s later from the last scrollId, then idle', async () => {
    const answers: Batch<SeriesPoint>[] = [
      { points: [point(1), point(2)], partial: true },
      { points: [point(3)], partial: false },
    ];
    const fetchBatch = vi.fn((scrollId: string | undefined) =>
      Promise.resolve(answers.shift() ?? { points: [], partial: scrollId === undefined }),
    );
    const load = runLoad(initialSeriesState(), fetchBatch);

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchBatch).toHaveBeenCalledTimes(1);
    expect(fetchBatch).toHaveBeenLastCalledWith(undefined, undefined);
    expect(load.states.map((s) => s.phase)).toEqual(['loading', 'waiting']);

    await vi.advanceTimersByTimeAsync(BATCH_FOLLOW_UP_MS - 1);
    expect(fetchBatch, 'not before 2 s').toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchBatch).toHaveBeenCalledTimes(2);
    expect(fetchBatch).toHaveBeenLastCalledWith('s2', undefined);

    const final = await load.done;
    expect(load.states.map((s) => s.phase)).toEqual(['loading', 'waiting', 'loading', 'idle']);
    expect(final.points.map((p) => p.scrollId)).toEqual(['s1', 's2', 's3']);
    expect(final).toMatchObject({ scrollId: 's3', more: false, failed: false });
  });

  it('continues a refresh from the scroll position', async () => {
    const fetchBatch = vi.fn(() => Promise.resolve({ points: [point(4)], partial: false }));
    const start = { ...initialSeriesState<SeriesPoint>(), points: [point(3)], scrollId: 's3', settled: true };
    const load = runLoad(start, fetchBatch);
    const final = await load.done;
    expect(fetchBatch).toHaveBeenCalledWith('s3', undefined);
    expect(final.points.map((p) => p.scrollId)).toEqual(['s3', 's4']);
  });

  it('ends a failed load with a fail event, without advancing the scroll position', async () => {
    const fetchBatch = vi
      .fn<(scrollId: string | undefined) => Promise<Batch<SeriesPoint>>>()
      .mockResolvedValueOnce({ points: [point(1)], partial: true })
      .mockRejectedValueOnce(new Error('502'));
    const load = runLoad(initialSeriesState(), fetchBatch);
    await vi.advanceTimersByTimeAsync(BATCH_FOLLOW_UP_MS);
    const final = await load.done;
    expect(final).toMatchObject({ scrollId: 's1', failed: true, phase: 'idle', more: false });
    expect(visiblePoints(final)).toEqual([]);
    await vi.advanceTimersByTimeAsync(10 * BATCH_FOLLOW_UP_MS);
    expect(fetchBatch, 'no further batch after a failure').toHaveBeenCalledTimes(2);
  });

  it('stops a partial answer without points rather than asking for the same batch forever', async () => {
    const fetchBatch = vi.fn(() => Promise.resolve({ points: [], partial: true }));
    const load = runLoad(initialSeriesState(), fetchBatch);
    await load.done;
    await vi.advanceTimersByTimeAsync(10 * BATCH_FOLLOW_UP_MS);
    expect(fetchBatch).toHaveBeenCalledTimes(1);
  });

  it('stops quietly when aborted during the 2 s wait', async () => {
    const controller = new AbortController();
    const fetchBatch = vi.fn(() => Promise.resolve({ points: [point(1)], partial: true }));
    const events: SeriesEvent<SeriesPoint>['type'][] = [];
    const done = (async () => {
      for await (const event of streamSeries({
        fetchBatch,
        scrollId: undefined,
        signal: controller.signal,
      })) {
        events.push(event.type);
      }
    })();
    await vi.advanceTimersByTimeAsync(BATCH_FOLLOW_UP_MS / 2);
    controller.abort();
    await done;
    await vi.advanceTimersByTimeAsync(10 * BATCH_FOLLOW_UP_MS);
    expect(events).toEqual(['load', 'batch']);
    expect(fetchBatch).toHaveBeenCalledTimes(1);
  });

  it.each(TIME_RANGES.map((range) => [range.label, range.milliseconds] as const))(
    'shows the whole of %s up to now within 4 s, batches still 2 s apart',
    async (_, rangeMs) => {
      // The platform's answers: every point of the range, METRICS_BATCH_SIZE at a time, 206 while more remain.
      const now = Date.UTC(2026, 2, 2, 12);
      const all = Array.from({ length: rangeMs / METRICS_POINT_INTERVAL_MS }, (_, index) => {
        const time = now - rangeMs + (index + 1) * METRICS_POINT_INTERVAL_MS;
        return { time: new Date(time).toISOString(), scrollId: String(time) };
      });
      const askedAt: number[] = [];
      const fetchBatch = vi.fn((scrollId: string | undefined) => {
        askedAt.push(Date.now());
        const start = scrollId === undefined ? 0 : all.findIndex((p) => p.scrollId === scrollId) + 1;
        const points = all.slice(start, start + METRICS_BATCH_SIZE);
        return Promise.resolve({ points, partial: start + METRICS_BATCH_SIZE < all.length });
      });
      const opened = Date.now();
      const load = runLoad(initialSeriesState(), fetchBatch);

      await vi.advanceTimersByTimeAsync(4_000);
      expect(load.now().points.at(-1)?.time, 'the graph reaches now').toBe(new Date(now).toISOString());
      expect(load.now().points).toHaveLength(all.length);
      expect(load.now().phase).toBe('idle');
      const gaps = askedAt.slice(1).map((time, index) => time - (askedAt[index] ?? opened));
      expect(gaps.every((gap) => gap === BATCH_FOLLOW_UP_MS)).toBe(true);
      await load.done;
    },
  );
});
