import { sql } from 'kysely';
import { EARLIEST_INSTANT } from '@web-control/contract/inputs';
import type { DbExecutor } from '../../db/schema.ts';

export interface NodeRecord {
  nodeId: string;
  nodeDescription: string;
  instanceId: string;
  instanceName: string;
  instanceDescription: string;
  latest: { time: Date; tps5min: number; percentile95: number } | undefined;
}

export interface MetricRecord {
  id: string;
  time: Date;
  tps5min: number;
  tps5minAgg: number;
  totalMessages: number;
  percentile50: number;
  percentile95: number;
  percentile99: number;
}

/** Long enough to find each node's point before `from` (one every 10 s). */
const COUNTER_LOOKBACK_MS = 60_000;

/** Sums come back as strings (numeric, bigint) from pg and PGlite alike. */
interface AggregateRow {
  time: Date | string;
  tps_5min: number | string;
  tps_5min_agg: number | string;
  total_messages: number | string;
  percentile50: number | string;
  percentile95: number | string;
  percentile99: number | string;
}

/** A gauge over one bucket. */
export interface GaugeBucket {
  mean: number;
  min: number;
  max: number;
}

/** How points fall into buckets: `stepMs` wide, counted from `originMs`, at most `count` of them. */
export interface Bucketing {
  originMs: number;
  stepMs: number;
  count: number;
}

export interface NodeBucketRecord {
  /** The bucket's newest point. */
  time: Date;
  lastId: string;
  tps5min: GaugeBucket;
  percentile50: GaugeBucket;
  percentile95: GaugeBucket;
  percentile99: GaugeBucket;
}

export interface AggregateBucketRecord {
  time: Date;
  tps5minAgg: GaugeBucket;
  /** The running total at the bucket's newest point. */
  totalMessages: number;
}

type GaugeColumns<Name extends string> = Record<
  `${Name}_mean` | `${Name}_min` | `${Name}_max`,
  number | string
>;

function toGauge<Name extends string>(row: GaugeColumns<Name>, name: Name): GaugeBucket {
  return {
    mean: Number(row[`${name}_mean`]),
    min: Number(row[`${name}_min`]),
    max: Number(row[`${name}_max`]),
  };
}

/** The bucket of a point: whole steps since the origin; a point at the very end joins the last bucket. */
function bucketOf(bucketing: Bucketing) {
  return sql<number>`least(floor((extract(epoch from time) * 1000 - ${bucketing.originMs}) / ${bucketing.stepMs}), ${bucketing.count - 1})`;
}

function gaugeColumns(column: string) {
  const ref = sql.ref(column);
  return sql`avg(${ref}) as ${sql.ref(`${column}_mean`)}, min(${ref}) as ${sql.ref(`${column}_min`)}, max(${ref}) as ${sql.ref(`${column}_max`)}`;
}

export interface ScrollPosition {
  time: Date;
  id: string;
}

export function createMonitoringRepository() {
  return {
    /** Every node with its instance and its newest metric point (one index probe per node). */
    async listNodes(executor: DbExecutor): Promise<NodeRecord[]> {
      const rows = await executor
        .selectFrom('nodes')
        .innerJoin('instances', 'instances.instance_id', 'nodes.instance_id')
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('metric_points')
              .select(['metric_points.time', 'metric_points.tps_5min', 'metric_points.percentile95'])
              .whereRef('metric_points.node_id', '=', 'nodes.node_id')
              .orderBy('metric_points.time', 'desc')
              .orderBy('metric_points.id', 'desc')
              .limit(1)
              .as('latest'),
          (join) => join.onTrue(),
        )
        .select([
          'nodes.node_id',
          'nodes.description as node_description',
          'instances.instance_id',
          'instances.name as instance_name',
          'instances.description as instance_description',
          'latest.time',
          'latest.tps_5min',
          'latest.percentile95',
        ])
        .orderBy('instances.position')
        .orderBy('instances.instance_id')
        .orderBy('nodes.position')
        .orderBy('nodes.node_id')
        .execute();
      return rows.map((row) => ({
        nodeId: row.node_id,
        nodeDescription: row.node_description,
        instanceId: row.instance_id,
        instanceName: row.instance_name,
        instanceDescription: row.instance_description,
        latest:
          row.time === null || row.tps_5min === null || row.percentile95 === null
            ? undefined
            : { time: row.time, tps5min: row.tps_5min, percentile95: row.percentile95 },
      }));
    },

    async listSafQueues(executor: DbExecutor) {
      return executor
        .selectFrom('saf_queues')
        .innerJoin('nodes', 'nodes.node_id', 'saf_queues.node_id')
        .innerJoin('instances', 'instances.instance_id', 'nodes.instance_id')
        .select([
          'saf_queues.receiver_description',
          'saf_queues.node_id',
          'nodes.description as node_description',
          'saf_queues.length',
          'saf_queues.retransmits',
          'instances.description as instance_description',
        ])
        .orderBy('saf_queues.receiver_description')
        .orderBy('instances.position')
        .orderBy('nodes.position')
        .orderBy('saf_queues.node_id')
        .execute();
    },

    async listInstances(executor: DbExecutor) {
      const instances = await executor
        .selectFrom('instances')
        .select(['instance_id', 'name'])
        .orderBy('position')
        .orderBy('instance_id')
        .execute();
      const nodes = await executor
        .selectFrom('nodes')
        .select(['node_id', 'instance_id', 'description'])
        .orderBy('position')
        .orderBy('node_id')
        .execute();
      return instances.map((instance) => ({
        instanceId: instance.instance_id,
        instanceName: instance.name,
        nodes: nodes
          .filter((node) => node.instance_id === instance.instance_id)
          .map((node) => ({ nodeId: node.node_id, nodeDescription: node.description })),
      }));
    },

    async nodeExists(executor: DbExecutor, instanceId: string, nodeId: string): Promise<boolean> {
      const row = await executor
        .selectFrom('nodes')
        .select('node_id')
        .where('node_id', '=', nodeId)
        .where('instance_id', '=', instanceId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A node's points since `since`, in (time, id) order after `after`: keyset paging on metric_points_node_scroll_idx. */
    async pageNodeMetrics(
      executor: DbExecutor,
      filter: { nodeId: string; since: Date; after: ScrollPosition | undefined; limit: number },
    ): Promise<MetricRecord[]> {
      let query = executor
        .selectFrom('metric_points')
        .select([
          'id',
          'time',
          'tps_5min',
          'tps_5min_agg',
          'total_messages',
          'percentile50',
          'percentile95',
          'percentile99',
        ])
        .where('node_id', '=', filter.nodeId)
        .where('time', '>=', filter.since);
      const after = filter.after;
      if (after !== undefined) {
        query = query.where((eb) =>
          eb(eb.refTuple('time', 'id'), '>', eb.tuple(after.time, sql<string>`${after.id}::bigint`)),
        );
      }
      const rows = await query.orderBy('time').orderBy('id').limit(filter.limit).execute();
      return rows.map((row) => ({
        id: String(row.id),
        time: row.time,
        tps5min: row.tps_5min,
        tps5minAgg: row.tps_5min_agg,
        totalMessages: Number(row.total_messages),
        percentile50: row.percentile50,
        percentile95: row.percentile95,
        percentile99: row.percentile99,
      }));
    },

    /**
     * A node's points since `since` (after `after`) reduced to buckets in SQL, on
     * metric_points_node_scroll_idx: each gauge's mean, min and max, and the newest point's id.
     */
    async bucketNodeMetrics(
      executor: DbExecutor,
      filter: { nodeId: string; since: Date; after: ScrollPosition | undefined; bucketing: Bucketing },
    ): Promise<NodeBucketRecord[]> {
      const after = filter.after;
      const afterCondition =
        after === undefined ? sql`true` : sql`(time, id) > (${after.time}, ${after.id}::bigint)`;
      const { rows } = await sql<
        { time: Date | string; last_id: string | number } & GaugeColumns<
          'tps_5min' | 'percentile50' | 'percentile95' | 'percentile99'
        >
      >`
        select ${bucketOf(filter.bucketing)} as bucket, max(time) as time,
          (array_agg(id order by time desc, id desc))[1] as last_id,
          ${gaugeColumns('tps_5min')}, ${gaugeColumns('percentile50')},
          ${gaugeColumns('percentile95')}, ${gaugeColumns('percentile99')}
        from metric_points
        where node_id = ${filter.nodeId} and time >= ${filter.since} and ${afterCondition}
        group by bucket
        order by bucket
      `.execute(executor);
      return rows.map((row) => ({
        time: new Date(row.time),
        lastId: String(row.last_id),
        tps5min: toGauge(row, 'tps_5min'),
        percentile50: toGauge(row, 'percentile50'),
        percentile95: toGauge(row, 'percentile95'),
        percentile99: toGauge(row, 'percentile99'),
      }));
    },

    /**
     * pageAggregateMetrics reduced to buckets in SQL: the switch-wide TPS per time, then its mean,
     * min and max per bucket; the increments summed per bucket and run over the buckets, so each
     * bucket's total is exactly the unreduced total at its newest point.
     */
    async bucketAggregateMetrics(
      executor: DbExecutor,
      filter: { from: Date; to: Date; after: Date | undefined; bucketing: Bucketing },
    ): Promise<AggregateBucketRecord[]> {
      const lookbackFrom = new Date(filter.from.getTime() - COUNTER_LOOKBACK_MS);
      const after = filter.after ?? lookbackFrom;
      const { rows } = await sql<
        { time: Date | string; total_messages: number | string } & GaugeColumns<'tps_5min_agg'>
      >`
        with increments as (
          select time, tps_5min_agg,
            case
              when lag(total_messages) over node_points is null
                or total_messages < lag(total_messages) over node_points then total_messages
              else total_messages - lag(total_messages) over node_points
            end as increment
          from metric_points
          where time >= ${lookbackFrom} and time <= ${filter.to}
          window node_points as (partition by node_id order by time)
        ), per_time as (
          select time, max(tps_5min_agg) as tps_5min_agg, sum(increment) as increment
          from increments
          where time >= ${filter.from}
          group by time
        ), running as (
          select time, tps_5min_agg, sum(increment) over (order by time) as total_messages from per_time
        ), buckets as (
          select ${bucketOf(filter.bucketing)} as bucket, max(time) as time,
            max(total_messages) as total_messages, ${gaugeColumns('tps_5min_agg')}
          from running
          where time > ${after}
          group by bucket
        )
        select * from buckets order by bucket
      `.execute(executor);
      return rows.map((row) => ({
        time: new Date(row.time),
        tps5minAgg: toGauge(row, 'tps_5min_agg'),
        totalMessages: Number(row.total_messages),
      }));
    },

    /**
     * The switch as a whole, one point per time in [from, to] after `after`: TPS summed over the
     * nodes, the response-time percentiles of the slowest node, and the messages processed since
     * `from` (metric_points_time_idx). Each node's stored counter restarts at the switch's own
     * midnight (UTC); counting its increments from `from` makes "today" the day the caller asks
     * for, in the operator's time zone. A point with no point of its node in the minute before
     * counts its whole counter.
     */
    async pageAggregateMetrics(
      executor: DbExecutor,
      filter: { from: Date; to: Date; after: Date | undefined; limit: number },
    ): Promise<Array<Omit<MetricRecord, 'id'>>> {
      // Never before the first supported instant: PostgreSQL has no year 0.
      const lookbackFrom = new Date(
        Math.max(filter.from.getTime() - COUNTER_LOOKBACK_MS, Date.parse(EARLIEST_INSTANT)),
      );
      const after = filter.after ?? lookbackFrom;
      const { rows } = await sql<AggregateRow>`
        with increments as (
          select time, tps_5min, tps_5min_agg, percentile50, percentile95, percentile99,
            case
              when lag(total_messages) over node_points is null
                or total_messages < lag(total_messages) over node_points then total_messages
              else total_messages - lag(total_messages) over node_points
            end as increment
          from metric_points
          where time >= ${lookbackFrom} and time <= ${filter.to}
          window node_points as (partition by node_id order by time)
        ), per_time as (
          select time, sum(tps_5min) as tps_5min, max(tps_5min_agg) as tps_5min_agg,
            sum(increment) as increment, max(percentile50) as percentile50,
            max(percentile95) as percentile95, max(percentile99) as percentile99
          from increments
          where time >= ${filter.from}
          group by time
        ), running as (
          select *, sum(increment) over (order by time) as total_messages from per_time
        )
        select time, tps_5min, tps_5min_agg, total_messages, percentile50, percentile95, percentile99
        from running
        where time > ${after}
        order by time
        limit ${filter.limit}
      `.execute(executor);
      return rows.map((row) => ({
        time: new Date(row.time),
        tps5min: Number(row.tps_5min),
        tps5minAgg: Number(row.tps_5min_agg),
        totalMessages: Number(row.total_messages),
        percentile50: Number(row.percentile50),
        percentile95: Number(row.percentile95),
        percentile99: Number(row.percentile99),
      }));
    },
  };
}
