import type { z } from 'zod';
import { ERROR_CODES } from '@web-control/contract/errors';
import {
  AGGREGATE_SCROLL_ID_PATTERN,
  BAD_SCROLL_ID_MESSAGE,
  METRICS_POINT_INTERVAL_MS,
  NODE_SCROLL_ID_PATTERN,
  TIME_RANGES,
  type aggregateMetricsQuerySchema,
  type Instance,
  type MetricBucketSeries,
  type MetricPoint,
  type metricsQuerySchema,
  type Node,
  type NodeStatus,
  type ReducedMetricsResponse,
  type SafQueue,
} from '@web-control/contract/monitoring';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  createMonitoringRepository,
  type Bucketing,
  type GaugeBucket,
  type MetricRecord,
  type NodeRecord,
  type ScrollPosition,
} from './repository.ts';

/** A node whose newest point is older than this (three missed 10 s points) is offline. */
export const NODE_OFFLINE_AFTER_MS = 30_000;
/** A node answering slower than this at the 95th percentile is degraded. */
export const NODE_DEGRADED_PERCENTILE95_MS = 1_000;

export const MONITORING_MESSAGES = {
  nodeNotFound: 'This node does not exist in this instance',
  badScrollId: BAD_SCROLL_ID_MESSAGE,
} as const;

export type MetricsQuery = z.output<typeof metricsQuerySchema>;
export type AggregateMetricsQuery = z.output<typeof aggregateMetricsQuerySchema>;

/** A batch of points; `partial` when more remain after it (answered with 206). */
export interface MetricsBatch {
  metrics: MetricPoint[];
  partial: boolean;
}

export function deriveNodeStatus(latest: NodeRecord['latest'], now: Date): NodeStatus {
  if (latest === undefined) {
    return 'unknown';
  }
  if (now.getTime() - latest.time.getTime() > NODE_OFFLINE_AFTER_MS) {
    return 'offline';
  }
  return latest.percentile95 > NODE_DEGRADED_PERCENTILE95_MS ? 'degraded' : 'online';
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function badScrollId(): AppError {
  return new AppError(400, ERROR_CODES.validation, MONITORING_MESSAGES.badScrollId, [
    { location: 'querystring', field: 'scrollId', message: MONITORING_MESSAGES.badScrollId },
  ]);
}

function aggregateScrollPosition(scrollId: string | undefined): Date | undefined {
  if (scrollId === undefined) {
    return undefined;
  }
  const match = AGGREGATE_SCROLL_ID_PATTERN.exec(scrollId);
  if (match?.[1] === undefined) {
    throw badScrollId();
  }
  return new Date(Number(match[1]));
}

function toPoint(record: Omit<MetricRecord, 'id'>, scrollId: string): MetricPoint {
  return {
    time: record.time.toISOString(),
    scrollId,
    '5minTps': round(record.tps5min, 3),
    '5minTpsAgg': round(record.tps5minAgg, 3),
    totalMessages: record.totalMessages,
    percentile50: round(record.percentile50, 2),
    percentile95: round(record.percentile95, 2),
    percentile99: round(record.percentile99, 2),
  };
}

/** Buckets of whole point intervals, as few as fit a span into at most maxDataPoints of them. */
export function bucketingFor(originMs: number, spanMs: number, maxDataPoints: number): Bucketing {
  const intervals = Math.max(1, Math.ceil(spanMs / maxDataPoints / METRICS_POINT_INTERVAL_MS));
  const stepMs = intervals * METRICS_POINT_INTERVAL_MS;
  return { originMs, stepMs, count: Math.max(1, Math.min(maxDataPoints, Math.ceil(spanMs / stepMs))) };
}

function gaugeSeries(
  metric: MetricBucketSeries['metric'],
  buckets: readonly GaugeBucket[],
  digits: number,
): MetricBucketSeries {
  return {
    metric,
    values: buckets.map((bucket) => round(bucket.mean, digits)),
    min: buckets.map((bucket) => round(bucket.min, digits)),
    max: buckets.map((bucket) => round(bucket.max, digits)),
  };
}

/** Which series an aggregate call answers: tpsAgg the switch-wide TPS, countAgg the running total. */
export type AggregateMetric = '5minTpsAgg' | 'totalMessages';

export type MonitoringService = ReturnType<typeof createMonitoringService>;

/** Reads what the switch reports: nodes, store-and-forward queues, instances and metric points. */
/** batchSize: the most points one answer holds (the METRICS_BATCH_SIZE setting). */
export function createMonitoringService(deps: { db: Db; clock: Clock; batchSize: number }) {
  const { db, clock, batchSize } = deps;
  const repository = createMonitoringRepository();

  async function nodeStatuses(): Promise<{ nodes: NodeRecord[]; statuses: Map<string, NodeStatus> }> {
    const nodes = await repository.listNodes(db);
    const now = clock.now();
    return {
      nodes,
      statuses: new Map(nodes.map((node) => [node.nodeId, deriveNodeStatus(node.latest, now)])),
    };
  }

  /** Where a node's call continues and how far back its range reaches; 404 for a node not in the instance. */
  async function nodeWindow(query: MetricsQuery) {
    let after: ScrollPosition | undefined;
    if (query.scrollId !== undefined) {
      const match = NODE_SCROLL_ID_PATTERN.exec(query.scrollId);
      if (match?.[1] === undefined || match[2] === undefined) {
        throw badScrollId();
      }
      after = { time: new Date(Number(match[1])), id: match[2] };
    }
    if (!(await repository.nodeExists(db, query.instance, query.node))) {
      throw notFound(MONITORING_MESSAGES.nodeNotFound);
    }
    const range = TIME_RANGES.find((option) => option.value === query.from) ?? TIME_RANGES[0];
    return { after, range, since: new Date(clock.now().getTime() - range.milliseconds) };
  }

  return {
    async listNodes(): Promise<Node[]> {
      const { nodes, statuses } = await nodeStatuses();
      return nodes.map((node) => {
        const status = statuses.get(node.nodeId) ?? 'unknown';
        const live = status === 'online' || status === 'degraded';
        return {
          nodeId: node.nodeId,
          nodeDescription: node.nodeDescription,
          instanceId: node.instanceId,
          instanceDescription: node.instanceDescription,
          instanceName: node.instanceName,
          status,
          metrics: {
            '5minTps': live && node.latest !== undefined ? round(node.latest.tps5min, 3) : 0,
            percentile95: live && node.latest !== undefined ? round(node.latest.percentile95, 2) : 0,
          },
        };
      });
    },

    async listSafQueues(): Promise<SafQueue[]> {
      const { statuses } = await nodeStatuses();
      const queues = await repository.listSafQueues(db);
      return queues.map((queue) => ({
        receiverDescription: queue.receiver_description,
        instanceDescription: queue.instance_description,
        queueLength: queue.length,
        retransmits: queue.retransmits,
        node: {
          nodeId: queue.node_id,
          nodeDescription: queue.node_description,
          status: statuses.get(queue.node_id) ?? 'unknown',
        },
      }));
    },

    async listInstances(): Promise<Instance[]> {
      return repository.listInstances(db);
    },

    /** One batch of a node's points in scroll order; 404 for a node not in the instance. */
    async getNodeMetrics(query: MetricsQuery): Promise<MetricsBatch> {
      const { after, since } = await nodeWindow(query);
      const records = await repository.pageNodeMetrics(db, {
        nodeId: query.node,
        since,
        after,
        limit: batchSize + 1,
      });
      return {
        metrics: records
          .slice(0, batchSize)
          .map((record) => toPoint(record, `${record.time.getTime()}-${record.id}`)),
        partial: records.length > batchSize,
      };
    },

    /** One batch of the switch-wide series (one point per 10 s) between from and to. */
    async getAggregateMetrics(query: AggregateMetricsQuery): Promise<MetricsBatch> {
      const records = await repository.pageAggregateMetrics(db, {
        from: new Date(query.from),
        to: new Date(query.to),
        after: aggregateScrollPosition(query.scrollId),
        limit: batchSize + 1,
      });
      return {
        metrics: records.slice(0, batchSize).map((record) => toPoint(record, String(record.time.getTime()))),
        partial: records.length > batchSize,
      };
    },

    /** A node's points over its range (after scrollId) in at most maxDataPoints buckets. */
    async getReducedNodeMetrics(query: MetricsQuery, maxDataPoints: number): Promise<ReducedMetricsResponse> {
      const { after, since, range } = await nodeWindow(query);
      const bucketing = bucketingFor(since.getTime(), range.milliseconds, maxDataPoints);
      const buckets = await repository.bucketNodeMetrics(db, { nodeId: query.node, since, after, bucketing });
      const last = buckets.at(-1);
      return {
        stepMs: bucketing.stepMs,
        times: buckets.map((bucket) => bucket.time.getTime()),
        series: [
          gaugeSeries(
            '5minTps',
            buckets.map((bucket) => bucket.tps5min),
            3,
          ),
          gaugeSeries(
            'percentile50',
            buckets.map((bucket) => bucket.percentile50),
            2,
          ),
          gaugeSeries(
            'percentile95',
            buckets.map((bucket) => bucket.percentile95),
            2,
          ),
          gaugeSeries(
            'percentile99',
            buckets.map((bucket) => bucket.percentile99),
            2,
          ),
        ],
        scrollId: last === undefined ? query.scrollId : `${last.time.getTime()}-${last.lastId}`,
      };
    },

    /** The switch-wide series between from and to (after scrollId) in at most maxDataPoints buckets. */
    async getReducedAggregateMetrics(
      query: AggregateMetricsQuery,
      maxDataPoints: number,
      metric: AggregateMetric,
    ): Promise<ReducedMetricsResponse> {
      const from = new Date(query.from);
      const to = new Date(query.to);
      const bucketing = bucketingFor(from.getTime(), to.getTime() - from.getTime(), maxDataPoints);
      const buckets = await repository.bucketAggregateMetrics(db, {
        from,
        to,
        after: aggregateScrollPosition(query.scrollId),
        bucketing,
      });
      const last = buckets.at(-1);
      return {
        stepMs: bucketing.stepMs,
        times: buckets.map((bucket) => bucket.time.getTime()),
        series: [
          metric === '5minTpsAgg'
            ? gaugeSeries(
                metric,
                buckets.map((bucket) => bucket.tps5minAgg),
                3,
              )
            : { metric, values: buckets.map((bucket) => bucket.totalMessages) },
        ],
        scrollId: last === undefined ? query.scrollId : String(last.time.getTime()),
      };
    },
  };
}
