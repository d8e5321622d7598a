/**
 * The graphs' batches (specification sections 7 and 9): a load asks for the points after the
 * scroll position; status 206 means more remain, and the next batch is asked for 2 s later,
 * continuing from the last point's scrollId. Every 30 s a refresh continues the same way, so a
 * graph only ever asks for points it does not have.
 *
 *   idle ──load──▶ loading ──206──▶ waiting ──2 s──▶ loading ──200──▶ idle
 *                     └──failure──▶ idle (failed: no data shown, scroll position kept)
 *
 * Pure: no React, no query library. The stream reads time only through the `wait` it is given.
 */

/** A partial batch's follow-up is asked for this long after it arrived. */
export const BATCH_FOLLOW_UP_MS = 2_000;
/** The graphs refresh this often (specification section 9). */
export const GRAPH_REFRESH_MS = 30_000;

export interface SeriesPoint {
  time: string;
  scrollId: string;
}

export interface Batch<P extends SeriesPoint> {
  points: P[];
  /** Status 206: more points remain after these. */
  partial: boolean;
  /** Where the next load continues when it is not the last point's scrollId (a reduced answer's buckets). */
  scrollId?: string;
}

export type BatchPhase = 'idle' | 'loading' | 'waiting';

export interface SeriesState<P extends SeriesPoint> {
  /** Every point loaded so far, oldest first, each scrollId once. */
  points: P[];
  /** Where the next load continues: the scrollId of the last point loaded. */
  scrollId: string | undefined;
  phase: BatchPhase;
  /** The last load failed: the graph shows no data until a load succeeds. */
  failed: boolean;
  /** A load has answered (or failed) at least once. */
  settled: boolean;
  /** The last batch was partial: more are on their way. */
  more: boolean;
}

export type SeriesEvent<P extends SeriesPoint> =
  /** A load starts; points older than keepAfter (epoch ms), when given, leave the window. */
  { type: 'load'; keepAfter?: number } | { type: 'batch'; batch: Batch<P> } | { type: 'fail' };

export function initialSeriesState<P extends SeriesPoint>(): SeriesState<P> {
  return { points: [], scrollId: undefined, phase: 'idle', failed: false, settled: false, more: false };
}

/** Adds points, oldest first, dropping any whose scrollId is already there. */
export function mergePoints<P extends SeriesPoint>(existing: readonly P[], incoming: readonly P[]): P[] {
  const seen = new Set(existing.map((point) => point.scrollId));
  const added = incoming.filter((point) => {
    if (seen.has(point.scrollId)) return false;
    seen.add(point.scrollId);
    return true;
  });
  if (added.length === 0) return [...existing];
  return [...existing, ...added].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
}

export function reduceSeries<P extends SeriesPoint>(
  state: SeriesState<P>,
  event: SeriesEvent<P>,
): SeriesState<P> {
  switch (event.type) {
    case 'load': {
      const { keepAfter } = event;
      const points =
        keepAfter === undefined ? state.points : state.points.filter((p) => Date.parse(p.time) >= keepAfter);
      return { ...state, points, phase: 'loading' };
    }
    case 'batch': {
      const last = event.batch.points.at(-1);
      return {
        points: mergePoints(state.points, event.batch.points),
        scrollId: event.batch.scrollId ?? last?.scrollId ?? state.scrollId,
        phase: event.batch.partial ? 'waiting' : 'idle',
        failed: false,
        settled: true,
        more: event.batch.partial,
      };
    }
    case 'fail':
      return { ...state, phase: 'idle', failed: true, settled: true, more: false };
  }
}

const NO_POINTS: readonly never[] = [];

/** What the graph draws: nothing after a failed load. */
export function visiblePoints<P extends SeriesPoint>(state: SeriesState<P>): readonly P[] {
  return state.failed ? NO_POINTS : state.points;
}

/** Resolves after ms, or at once (without error) when the signal aborts. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

export interface StreamSeriesOptions<P extends SeriesPoint> {
  /** Asks for the points after scrollId (all of them when undefined). */
  fetchBatch: (scrollId: string | undefined, signal?: AbortSignal) => Promise<Batch<P>>;
  /** The scroll position to continue from. */
  scrollId: string | undefined;
  /** Points older than this (epoch ms) leave the window when the load starts. */
  keepAfter?: number;
  signal?: AbortSignal;
  /** How to wait between batches; tests may pass their own. */
  delay?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * One load: a batch, and while the answer is partial, the next one 2 s later. Yields the events
 * to fold with reduceSeries. A failure ends the load with a 'fail' event (never a throw); an
 * abort ends it silently.
 */
export async function* streamSeries<P extends SeriesPoint>(
  options: StreamSeriesOptions<P>,
): AsyncGenerator<SeriesEvent<P>, void, undefined> {
  const { fetchBatch, signal, delay = wait } = options;
  let scrollId = options.scrollId;
  let event: SeriesEvent<P> = { type: 'load', keepAfter: options.keepAfter };
  for (;;) {
    yield event;
    let batch: Batch<P>;
    try {
      batch = await fetchBatch(scrollId, signal);
    } catch {
      if (!signal?.aborted) yield { type: 'fail' };
      return;
    }
    if (signal?.aborted) return;
    yield { type: 'batch', batch };
    // A partial answer without points could not move the scroll position: asking again would loop.
    if (!batch.partial || batch.points.length === 0) return;
    scrollId = batch.scrollId ?? batch.points.at(-1)?.scrollId ?? scrollId;
    await delay(BATCH_FOLLOW_UP_MS, signal);
    if (signal?.aborted) return;
    event = { type: 'load' };
  }
}
