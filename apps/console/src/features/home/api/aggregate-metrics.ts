import { metricsResponseSchema, reducedMetricsResponseSchema } from '@web-control/contract/monitoring';
import dayjs from 'dayjs';
import type { Batch } from '../../../shared/charts/batched-series';
import {
  chartPointFromMetric,
  chartPointsFromBuckets,
  type ChartPoint,
} from '../../../shared/charts/metric-points';
import { useBatchedSeries } from '../../../shared/charts/use-batched-series';
import { request, requestWithStatus } from '../../../shared/http/http-client';
import { homeKeys } from './keys';

export interface Day {
  /** Start and end of the day, ISO 8601. */
  from: string;
  to: string;
}

/** From the start to the end of today, in the browser's time zone. */
export function today(now?: dayjs.ConfigType): Day {
  const day = dayjs(now);
  return { from: day.startOf('day').toISOString(), to: day.endOf('day').toISOString() };
}

type AggregatePath = '/metrics/tpsAgg' | '/metrics/countAgg';

/**
 * The first load asks for the whole day reduced to maxDataPoints buckets (the plot's width);
 * later loads ask for the points after scrollId in batches, as the specification has them.
 */
async function getAggregateMetrics(
  path: AggregatePath,
  day: Day,
  maxDataPoints: number,
  scrollId: string | undefined,
  signal?: AbortSignal,
): Promise<Batch<ChartPoint>> {
  if (scrollId === undefined) {
    const reduced = await request({
      api: 'ecsApi',
      path,
      query: { ...day, maxDataPoints },
      schema: reducedMetricsResponseSchema,
      signal,
    });
    return { points: chartPointsFromBuckets(reduced), partial: false, scrollId: reduced.scrollId };
  }
  const { status, data } = await requestWithStatus({
    api: 'ecsApi',
    path,
    query: { ...day, scrollId },
    schema: metricsResponseSchema,
    signal,
  });
  return { points: data.metrics.map(chartPointFromMetric), partial: status === 206 };
}

/** Today's aggregate TPS (5minTpsAgg): the day in maxDataPoints buckets, then the points after scrollId. */
export function getTpsToday(
  day: Day,
  maxDataPoints: number,
  scrollId: string | undefined,
  signal?: AbortSignal,
) {
  return getAggregateMetrics('/metrics/tpsAgg', day, maxDataPoints, scrollId, signal);
}

/** Today's running message total (totalMessages), as getTpsToday. */
export function getCountToday(
  day: Day,
  maxDataPoints: number,
  scrollId: string | undefined,
  signal?: AbortSignal,
) {
  return getAggregateMetrics('/metrics/countAgg', day, maxDataPoints, scrollId, signal);
}

/** maxDataPoints: the plot's width; the series waits until it is measured. */
export function useTpsToday(day: Day, maxDataPoints: number | undefined) {
  return useBatchedSeries({
    queryKey: homeKeys.tpsToday(day),
    fetchBatch: (scrollId, signal) => getTpsToday(day, maxDataPoints ?? 1, scrollId, signal),
    enabled: maxDataPoints !== undefined,
  });
}

export function useCountToday(day: Day, maxDataPoints: number | undefined) {
  return useBatchedSeries({
    queryKey: homeKeys.countToday(day),
    fetchBatch: (scrollId, signal) => getCountToday(day, maxDataPoints ?? 1, scrollId, signal),
    enabled: maxDataPoints !== undefined,
  });
}
