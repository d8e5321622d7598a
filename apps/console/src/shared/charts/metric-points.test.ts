import { describe, expect, it } from 'vitest';
import { chartPointFromMetric, chartPointsFromBuckets, chartTimes, metricColumns } from './metric-points';

const T0 = Date.parse('2026-03-02T12:00:00Z');

describe('chart points', () => {
  it('turns a reduced answer into one point per bucket with each gauge’s min and max', () => {
    const points = chartPointsFromBuckets({
      stepMs: 20_000,
      times: [T0, T0 + 20_000],
      series: [
        { metric: '5minTps', values: [2, 3], min: [1, 3], max: [50, 3] },
        { metric: 'totalMessages', values: [10, 30] },
      ],
      scrollId: '1772452820000-9',
    });
    expect(chartTimes(points)).toEqual([T0 / 1000, T0 / 1000 + 20]);
    expect(metricColumns(points, '5minTps')).toEqual({ values: [2, 3], min: [1, 3], max: [50, 3] });
    // A running total has no band of its own: its edges are its value.
    expect(metricColumns(points, 'totalMessages')).toEqual({
      values: [10, 30],
      min: [10, 30],
      max: [10, 30],
    });
    expect(new Set(points.map((point) => point.scrollId)).size).toBe(2);
  });

  it('gives a reported point its value as min and max, and null for a metric a point lacks', () => {
    const reported = chartPointFromMetric({
      time: new Date(T0).toISOString(),
      scrollId: '1772452800000-4',
      '5minTps': 7,
      '5minTpsAgg': 9,
      totalMessages: 100,
      percentile50: 1,
      percentile95: 2,
      percentile99: 3,
    });
    expect(metricColumns([reported], 'percentile95')).toEqual({ values: [2], min: [2], max: [2] });
    const bucket = chartPointsFromBuckets({
      stepMs: 10_000,
      times: [T0],
      series: [{ metric: '5minTpsAgg', values: [4], min: [4], max: [4] }],
    });
    expect(metricColumns(bucket, 'percentile95')).toEqual({ values: [null], min: [null], max: [null] });
  });
});
