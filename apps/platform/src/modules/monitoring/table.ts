import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
// bigint: pg hands it back as a string, PGlite as a number.
type BigIntColumn = ColumnType<string | number, number, number>;

export interface InstancesTable {
  instance_id: string;
  name: string;
  description: string;
  position: Generated<number>;
}

export interface NodesTable {
  node_id: string;
  instance_id: string;
  description: string;
  position: Generated<number>;
}

/** A store-and-forward queue: messages for one receiver waiting on one node. */
export interface SafQueuesTable {
  receiver_id: string;
  node_id: string;
  receiver_description: string;
  length: Generated<number>;
  retransmits: Generated<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One point per node every 10 s; (time, id) is the scroll order. */
export interface MetricPointsTable {
  id: Generated<string | number>;
  node_id: string;
  time: Timestamp;
  tps_5min: number;
  tps_5min_agg: number;
  total_messages: BigIntColumn;
  percentile50: number;
  percentile95: number;
  percentile99: number;
}

export interface MonitoringTables {
  instances: InstancesTable;
  nodes: NodesTable;
  saf_queues: SafQueuesTable;
  metric_points: MetricPointsTable;
}
