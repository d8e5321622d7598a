import { describe, expect, it } from 'vitest';
import {
  aggregateMetricsQuerySchema,
  MAX_DATA_POINTS_LIMIT,
  metricsQuerySchema,
  reducedMetricsResponseSchema,
} from './monitoring.ts';

const NODE_QUERY = { from: 'now-3d', instance: 'ecs-jhb', node: 'jhb-node-01' };
const DAY_QUERY = { from: '2026-03-02T00:00:00.000Z', to: '2026-03-02T23:59:59.999Z' };

describe('maxDataPoints', () => {
  it.each([
    ['1', 1],
    ['640', 640],
    [String(MAX_DATA_POINTS_LIMIT), MAX_DATA_POINTS_LIMIT],
  ])('reads %j from the query string as the whole number %d', (text, value) => {
    expect(metricsQuerySchema.parse({ ...NODE_QUERY, maxDataPoints: text }).maxDataPoints).toBe(value);
    expect(aggregateMetricsQuerySchema.parse({ ...DAY_QUERY, maxDataPoints: text }).maxDataPoints).toBe(
      value,
    );
  });

  it('is optional: without it the query reads as before', () => {
    expect(metricsQuerySchema.parse(NODE_QUERY)).toEqual(NODE_QUERY);
    expect(aggregateMetricsQuerySchema.parse(DAY_QUERY)).toEqual(DAY_QUERY);
  });

  it.each(['', '0', '-5', '12.5', 'wide', String(MAX_DATA_POINTS_LIMIT + 1)])('refuses %j', (text) => {
    expect(metricsQuerySchema.safeParse({ ...NODE_QUERY, maxDataPoints: text }).success).toBe(false);
    expect(aggregateMetricsQuerySchema.safeParse({ ...DAY_QUERY, maxDataPoints: text }).success).toBe(false);
  });
});

describe('the reduced answer', () => {
  it('holds columns: bucket times and per metric its values, with min and max for gauges', () => {
    const answer = {
      stepMs: 20_000,
      times: [1_772_409_600_000, 1_772_409_620_000],
      series: [
        { metric: '5minTps', values: [1.5, 2], min: [1, 2], max: [9, 2] },
        { metric: 'totalMessages', values: [10, 25] },
      ],
      scrollId: '1772409620000-42',
    };
    expect(reducedMetricsResponseSchema.parse(answer)).toEqual(answer);
  });

  it('refuses an unknown metric and a step that is not a positive whole number', () => {
    const base = { stepMs: 10_000, times: [], series: [] };
    expect(reducedMetricsResponseSchema.safeParse({ ...base, stepMs: 0 }).success).toBe(false);
    expect(
      reducedMetricsResponseSchema.safeParse({ ...base, series: [{ metric: 'cpu', values: [] }] }).success,
    ).toBe(false);
  });
});

describe('the home graphs’ day', () => {
  it('refuses an end before its start, of the query', () => {
    const reversed = aggregateMetricsQuerySchema.safeParse({ from: DAY_QUERY.to, to: DAY_QUERY.from });
    expect(reversed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['', 'to must not precede from'],
    ]);
    expect(aggregateMetricsQuerySchema.safeParse({ from: DAY_QUERY.from, to: DAY_QUERY.from }).success).toBe(
      true,
    );
  });
});
