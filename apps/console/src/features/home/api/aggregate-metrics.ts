import { metricsResponseSchema, type MetricPoint } from '@web-control/contract/monitoring';
import dayjs from 'dayjs';
import type { Batch } from '../../../shared/charts/batched-series';
import { useBatchedSeries } from '../../../shared/charts/use-batched-series';
import { requestWithStatus } from '../../../shared/http/http-client';
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

async function getAggregateMetrics(
  path: '/metrics/tpsAgg' | '/metrics/countAgg',
  day: Day,
  scrollId: string | undefined,
  signal?: AbortSignal,
): Promise<Batch<MetricPoint>> {
  const { status, data } = await requestWithStatus({
    api: 'ecsApi',
    path,
    query: { ...day, scrollId },
    schema: metricsResponseSchema,
    signal,
  });
  return { points: data.metrics, partial: status === 206 };
}

/** One batch of today's aggregate TPS (5minTpsAgg) after scrollId; 206 says more remain. */
export function getTpsToday(day: Day, scrollId: string | undefined, signal?: AbortSignal) {
  return getAggregateMetrics('/metrics/tpsAgg', day, scrollId, signal);
}

/** One batch of today's running message total (totalMessages) after scrollId; 206 says more remain. */
export function getCountToday(day: Day, scrollId: string | undefined, signal?: AbortSignal) {
  return getAggregateMetrics('/metrics/countAgg', day, scrollId, signal);
}

export function useTpsToday(day: Day) {
  return useBatchedSeries({
    queryKey: homeKeys.tpsToday(day),
    fetchBatch: (scrollId, signal) => getTpsToday(day, scrollId, signal),
  });
}

export function useCountToday(day: Day) {
  return useBatchedSeries({
    queryKey: homeKeys.countToday(day),
    fetchBatch: (scrollId, signal) => getCountToday(day, scrollId, signal),
  });
}
