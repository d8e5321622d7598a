import { z } from 'zod';
import { BIGINT_MAX, booleanQuerySchema, isoInstantSchema, text } from './inputs.ts';

/** Health monitoring of the switch (ECS API, MONITOR_SERVICES; the home graphs need a login only). */
export const NODE_STATUSES = ['online', 'degraded', 'offline', 'unknown'] as const;
export const nodeStatusSchema = z.enum(NODE_STATUSES);
export type NodeStatus = z.infer<typeof nodeStatusSchema>;

export const nodeSchema = z.object({
  nodeId: text(),
  nodeDescription: text(),
  instanceId: text(),
  instanceDescription: text(),
  instanceName: text(),
  status: nodeStatusSchema,
  metrics: z.object({
    /** Transactions per second over the last five minutes. */
    '5minTps': z.number(),
    /** Milliseconds. */
    percentile95: z.number(),
  }),
});
export type Node = z.infer<typeof nodeSchema>;
export const nodesResponseSchema = z.object({ nodes: z.array(nodeSchema) });

export const safQueueSchema = z.object({
  receiverDescription: text(),
  instanceDescription: text(),
  queueLength: z.number().int(),
  retransmits: z.number().int(),
  /** The node whose queue this is: each node keeps its own queue per receiver. */
  node: z.object({ nodeId: text(), nodeDescription: text(), status: nodeStatusSchema }),
});
export type SafQueue = z.infer<typeof safQueueSchema>;
export const safResponseSchema = z.object({ queues: z.array(safQueueSchema) });

export const instanceSchema = z.object({
  instanceId: text(),
  instanceName: text(),
  nodes: z.array(z.object({ nodeId: text(), nodeDescription: text() })),
});
export type Instance = z.infer<typeof instanceSchema>;
export const instancesResponseSchema = z.object({ instances: z.array(instanceSchema) });

/** One point per node every 10 s. scrollId orders the points; a next batch starts after the last one. */
export const metricPointSchema = z.object({
  time: z.iso.datetime(),
  scrollId: text(),
  '5minTps': z.number(),
  '5minTpsAgg': z.number(),
  totalMessages: z.number(),
  percentile50: z.number(),
  percentile95: z.number(),
  percentile99: z.number(),
});
export type MetricPoint = z.infer<typeof metricPointSchema>;

/** GET /metrics, /metrics/tpsAgg, /metrics/countAgg: status 206 while more batches remain. */
export const metricsResponseSchema = z.object({ metrics: z.array(metricPointSchema) });
export type MetricsResponse = z.infer<typeof metricsResponseSchema>;

/** The time ranges of Node View, the first being the default. */
export const TIME_RANGES = [
  { value: 'now-30m', label: 'Last 30 minutes', milliseconds: 30 * 60_000 },
  { value: 'now-1h', label: 'Last hour', milliseconds: 60 * 60_000 },
  { value: 'now-1d', label: 'Last day', milliseconds: 24 * 60 * 60_000 },
  { value: 'now-3d', label: 'Last 3 days', milliseconds: 3 * 24 * 60 * 60_000 },
] as const;
export const timeRangeSchema = z.enum(['now-30m', 'now-1h', 'now-1d', 'now-3d']);

/** The switch reports one point per node this often. */
export const METRICS_POINT_INTERVAL_MS = 10_000;
/** A graph reaches "now" in this many batches at most: the first at once, the next 2 s later. */
export const METRICS_BATCHES_TO_NOW = 2;
/**
 * A batch holds at most this many points; more remain → 206. Sized so that the longest range
 * ('Last 3 days', 25,920 points) arrives in METRICS_BATCHES_TO_NOW batches, with room for the
 * points written while it loads.
 */
export const METRICS_BATCH_SIZE =
  Math.ceil(
    Math.max(...TIME_RANGES.map((range) => range.milliseconds)) /
      METRICS_POINT_INTERVAL_MS /
      METRICS_BATCHES_TO_NOW,
  ) + 100;

/** A node's scrollId: `<epoch milliseconds>-<point id>`, the id a bigint. */
export const NODE_SCROLL_ID_PATTERN = /^(\d{1,15})-(\d{1,19})$/;
/** The switch-wide series' scrollId: `<epoch milliseconds>`. */
export const AGGREGATE_SCROLL_ID_PATTERN = /^(\d{1,15})$/;
export const BAD_SCROLL_ID_MESSAGE = 'The scrollId is not one this API returned';

function isNodeScrollId(value: string): boolean {
  const id = NODE_SCROLL_ID_PATTERN.exec(value)?.[2];
  return id !== undefined && BigInt(id) <= BIGINT_MAX;
}

/** The most buckets a reduced answer may be asked for (a plot wider than any screen). */
export const MAX_DATA_POINTS_LIMIT = 4_000;

/**
 * Optional on every metrics call: the plot's width in CSS pixels. When sent, the answer is the
 * reduced, columnar form (reducedMetricsResponseSchema) with at most this many buckets.
 */
const maxDataPoints = z.coerce.number().int().min(1).max(MAX_DATA_POINTS_LIMIT).optional();

export const metricsQuerySchema = z.object({
  from: timeRangeSchema,
  /** true: the live view, whose points keep arriving (the console polls). */
  online: booleanQuerySchema.optional(),
  instance: text().min(1).max(64),
  node: text().min(1).max(64),
  scrollId: text().max(64).refine(isNodeScrollId, BAD_SCROLL_ID_MESSAGE).optional(),
  maxDataPoints,
});

/** The home graphs: from and to are the start and end of today (ISO 8601). */
export const aggregateMetricsQuerySchema = z
  .object({
    from: isoInstantSchema,
    to: isoInstantSchema,
    scrollId: text().regex(AGGREGATE_SCROLL_ID_PATTERN, BAD_SCROLL_ID_MESSAGE).optional(),
    maxDataPoints,
  })
  // A rule of the pair, said of the query: each bound alone is a supported instant.
  .refine((query) => Date.parse(query.from) <= Date.parse(query.to), 'to must not precede from');

/** The metrics a reduced answer may carry, named as in metricPointSchema. */
export const METRIC_NAMES = [
  '5minTps',
  '5minTpsAgg',
  'totalMessages',
  'percentile50',
  'percentile95',
  'percentile99',
] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

/**
 * One metric over the buckets, index for index with `times`. Gauges (TPS, percentiles) give the
 * bucket's mean with its min and max, so a spike inside a bucket still shows; the running total
 * gives its value at the bucket's newest point and has no min or max.
 */
export const metricBucketSeriesSchema = z.object({
  metric: z.enum(METRIC_NAMES),
  values: z.array(z.number()),
  min: z.array(z.number()).optional(),
  max: z.array(z.number()).optional(),
});
export type MetricBucketSeries = z.infer<typeof metricBucketSeriesSchema>;

/**
 * The answer when maxDataPoints is sent: the points between the range's start (or after scrollId)
 * and now, in at most maxDataPoints buckets of stepMs each, in columns. Never partial (200).
 */
export const reducedMetricsResponseSchema = z.object({
  /** The width of a bucket, a whole number of point intervals. */
  stepMs: z.number().int().positive(),
  /** Each bucket's newest point, epoch milliseconds, ascending. */
  times: z.array(z.number().int()),
  series: z.array(metricBucketSeriesSchema),
  /** The newest point's scrollId: polling continues from it without maxDataPoints. */
  scrollId: text().optional(),
});
export type ReducedMetricsResponse = z.infer<typeof reducedMetricsResponseSchema>;

export const featuresResponseSchema = z.object({ searchIndex: z.boolean() });
