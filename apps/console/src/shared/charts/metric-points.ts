import type { MetricName, MetricPoint, ReducedMetricsResponse } from '@web-control/contract/monitoring';
import type { SeriesPoint } from './batched-series';

/**
 * What a graph draws at one time: a point as the switch reported it, or a bucket of a reduced
 * answer (maxDataPoints) with the lowest and highest value of each gauge inside it.
 */
export interface ChartPoint extends SeriesPoint {
  values: Partial<Record<MetricName, number>>;
  /** Only for buckets; a reported point's min and max are its value. */
  min: Partial<Record<MetricName, number>>;
  max: Partial<Record<MetricName, number>>;
}

/** A graph's columns for one metric, index for index with its times. */
export interface MetricColumns {
  values: (number | null)[];
  min: (number | null)[];
  max: (number | null)[];
}

const METRICS_OF_A_POINT = [
  '5minTps',
  '5minTpsAgg',
  'totalMessages',
  'percentile50',
  'percentile95',
  'percentile99',
] as const satisfies readonly MetricName[];

export function chartPointFromMetric(point: MetricPoint): ChartPoint {
  const values: ChartPoint['values'] = {};
  for (const metric of METRICS_OF_A_POINT) values[metric] = point[metric];
  return { time: point.time, scrollId: point.scrollId, values, min: {}, max: {} };
}

/** A reduced answer's buckets as points; their scrollIds only tell them apart, polling continues from the answer's. */
export function chartPointsFromBuckets(answer: ReducedMetricsResponse): ChartPoint[] {
  return answer.times.map((time, index) => {
    const point: ChartPoint = {
      time: new Date(time).toISOString(),
      scrollId: `bucket-${time}`,
      values: {},
      min: {},
      max: {},
    };
    for (const series of answer.series) {
      const value = series.values[index];
      const min = series.min?.[index];
      const max = series.max?.[index];
      if (value !== undefined) point.values[series.metric] = value;
      if (min !== undefined) point.min[series.metric] = min;
      if (max !== undefined) point.max[series.metric] = max;
    }
    return point;
  });
}

/** Seconds since the epoch, as the chart counts time. */
export function chartTimes(points: readonly ChartPoint[]): number[] {
  return points.map((point) => Date.parse(point.time) / 1000);
}

export function metricColumns(points: readonly ChartPoint[], metric: MetricName): MetricColumns {
  const values = points.map((point) => point.values[metric] ?? null);
  return {
    values,
    min: points.map((point, index) => point.min[metric] ?? values[index] ?? null),
    max: points.map((point, index) => point.max[metric] ?? values[index] ?? null),
  };
}
