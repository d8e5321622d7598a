import {
  experimental_streamedQuery as streamedQuery,
  queryOptions,
  useQuery,
  type QueryKey,
} from '@tanstack/react-query';
import {
  GRAPH_REFRESH_MS,
  initialSeriesState,
  reduceSeries,
  streamSeries,
  type Batch,
  type SeriesEvent,
  type SeriesPoint,
  type SeriesState,
} from './batched-series';
import { useLiveQueryOptions } from '../live/use-live-query';

export interface BatchedSeriesOptions<P extends SeriesPoint> {
  queryKey: QueryKey;
  fetchBatch: (scrollId: string | undefined, signal?: AbortSignal) => Promise<Batch<P>>;
  /** A sliding window: points older than this many ms leave the graph at each load. */
  windowMs?: number;
  /** False until the series can be asked for (e.g. the plot's width is not measured yet). */
  enabled?: boolean;
}

/**
 * A graph's series as one query: its data is the SeriesState, each batch folded in as it arrives
 * (a streamed query in append mode), refreshed every 30 s from the scroll position. The query
 * stays fetching through the 2 s waits, so a refresh that falls due while batches are still
 * loading joins the running load instead of starting another: it is skipped.
 */
export function batchedSeriesQuery<P extends SeriesPoint>(options: BatchedSeriesOptions<P>) {
  const { queryKey, fetchBatch, windowMs, enabled } = options;
  return queryOptions({
    queryKey,
    queryFn: streamedQuery<SeriesEvent<P>, SeriesState<P>>({
      refetchMode: 'append',
      initialValue: initialSeriesState<P>(),
      reducer: reduceSeries,
      streamFn: (context) =>
        streamSeries({
          fetchBatch,
          scrollId: context.client.getQueryData<SeriesState<P>>(context.queryKey)?.scrollId,
          keepAfter: windowMs === undefined ? undefined : Date.now() - windowMs,
          signal: context.signal,
        }),
    }),
    refetchInterval: GRAPH_REFRESH_MS,
    enabled,
  });
}

export function useBatchedSeries<P extends SeriesPoint>(options: BatchedSeriesOptions<P>) {
  return useQuery(useLiveQueryOptions(batchedSeriesQuery(options)));
}
