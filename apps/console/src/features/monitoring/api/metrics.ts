import {
  metricsResponseSchema,
  TIME_RANGES,
  type MetricPoint,
  type timeRangeSchema,
} from '@web-control/contract/monitoring';
import type { z } from 'zod';
import { requestWithStatus } from '../../../shared/http/http-client';
import type { Batch } from '../../../shared/charts/batched-series';
import { useBatchedSeries } from '../../../shared/charts/use-batched-series';
import { monitoringKeys } from './keys';

export type TimeRange = z.infer<typeof timeRangeSchema>;

export interface NodeMetricsParams {
  from: TimeRange;
  instance: string;
  node: string;
}

/** One batch of a node's points after scrollId; status 206 says more remain. */
export async function getNodeMetrics(
  params: NodeMetricsParams,
  scrollId: string | undefined,
  signal?: AbortSignal,
): Promise<Batch<MetricPoint>> {
  const { status, data } = await requestWithStatus({
    api: 'ecsApi',
    path: '/metrics',
    // online: the live view, whose points keep arriving.
    query: { ...params, online: true, scrollId },
    schema: metricsResponseSchema,
    signal,
  });
  return { points: data.metrics, partial: status === 206 };
}

/** A node's points over the chosen range, sliding with it, refreshed every 30 s. */
export function useNodeMetrics(params: NodeMetricsParams) {
  const windowMs = TIME_RANGES.find((range) => range.value === params.from)?.milliseconds;
  return useBatchedSeries({
    queryKey: monitoringKeys.metrics(params),
    fetchBatch: (scrollId, signal) => getNodeMetrics(params, scrollId, signal),
    windowMs,
  });
}
