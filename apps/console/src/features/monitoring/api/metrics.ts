import {
  metricsResponseSchema,
  reducedMetricsResponseSchema,
  TIME_RANGES,
  type timeRangeSchema,
} from '@web-control/contract/monitoring';
import type { z } from 'zod';
import { request, requestWithStatus } from '../../../shared/http/http-client';
import type { Batch } from '../../../shared/charts/batched-series';
import {
  chartPointFromMetric,
  chartPointsFromBuckets,
  type ChartPoint,
} from '../../../shared/charts/metric-points';
import { useBatchedSeries } from '../../../shared/charts/use-batched-series';
import { monitoringKeys } from './keys';

export type TimeRange = z.infer<typeof timeRangeSchema>;

export interface NodeMetricsParams {
  from: TimeRange;
  instance: string;
  node: string;
}

/**
 * A node's points: the first load asks for the whole range reduced to maxDataPoints buckets (the
 * plot's width); later loads ask for the points after scrollId, status 206 saying more remain.
 */
export async function getNodeMetrics(
  params: NodeMetricsParams,
  maxDataPoints: number,
  scrollId: string | undefined,
  signal?: AbortSignal,
): Promise<Batch<ChartPoint>> {
  // online: the live view, whose points keep arriving.
  if (scrollId === undefined) {
    const reduced = await request({
      api: 'ecsApi',
      path: '/metrics',
      query: { ...params, online: true, maxDataPoints },
      schema: reducedMetricsResponseSchema,
      signal,
    });
    return { points: chartPointsFromBuckets(reduced), partial: false, scrollId: reduced.scrollId };
  }
  const { status, data } = await requestWithStatus({
    api: 'ecsApi',
    path: '/metrics',
    query: { ...params, online: true, scrollId },
    schema: metricsResponseSchema,
    signal,
  });
  return { points: data.metrics.map(chartPointFromMetric), partial: status === 206 };
}

/**
 * A node's points over the chosen range, sliding with it, refreshed every 30 s. maxDataPoints:
 * the plot's width; the series waits until it is measured.
 */
export function useNodeMetrics(params: NodeMetricsParams, maxDataPoints: number | undefined) {
  const windowMs = TIME_RANGES.find((range) => range.value === params.from)?.milliseconds;
  return useBatchedSeries({
    queryKey: monitoringKeys.metrics(params),
    fetchBatch: (scrollId, signal) => getNodeMetrics(params, maxDataPoints ?? 1, scrollId, signal),
    windowMs,
    enabled: maxDataPoints !== undefined,
  });
}
