import { sql, type Kysely } from 'kysely';

/**
 * The switch: instances and their nodes, load-balanced services and their receivers, the
 * store-and-forward queues, receiver status changes, the receivers' recent traffic and the
 * metric points written per node every 10 s.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instances')
    .addColumn('instance_id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('nodes')
    .addColumn('node_id', 'text', (col) => col.primaryKey())
    .addColumn('instance_id', 'text', (col) =>
      col.notNull().references('instances.instance_id').onDelete('cascade'),
    )
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('nodes_instance_idx').on('nodes').column('instance_id').execute();

  await db.schema
    .createTable('lb_services')
    .addColumn('service_id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    /** The simulator's share of all traffic that asks for this service. */
    .addColumn('traffic_share', 'double precision', (col) => col.notNull().defaultTo(1))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('receivers')
    .addColumn('receiver_id', 'text', (col) => col.primaryKey())
    .addColumn('service_id', 'text', (col) =>
      col.notNull().references('lb_services.service_id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('weight', 'integer', (col) => col.notNull().check(sql`weight between 0 and 1000`))
    .addColumn('latency_median_ms', 'double precision', (col) => col.notNull())
    /** Sigma of the log-normal latency: 0 always the median, 0.5 a long tail. */
    .addColumn('latency_spread', 'double precision', (col) => col.notNull())
    .addColumn('failure_rate', 'double precision', (col) =>
      col.notNull().check(sql`failure_rate between 0 and 1`),
    )
    .addColumn('store_and_forward', 'boolean', (col) => col.notNull().defaultTo(false))
    /** A periodic outage (both set): down for outage_for_seconds in every outage_every_seconds. */
    .addColumn('outage_every_seconds', 'integer')
    .addColumn('outage_for_seconds', 'integer')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('receivers_service_idx')
    .on('receivers')
    .columns(['service_id', 'position'])
    .execute();

  await db.schema
    .createTable('receiver_changes')
    .addColumn('change_id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('receiver_id', 'text', (col) =>
      col.notNull().references('receivers.receiver_id').onDelete('cascade'),
    )
    .addColumn('current_status', 'text', (col) => col.notNull())
    .addColumn('changed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('actor', 'text')
    .addColumn('reason', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('receiver_changes_latest_idx')
    .on('receiver_changes')
    .columns(['receiver_id', 'changed_at desc', 'change_id desc'])
    .execute();

  await db.schema
    .createTable('receiver_traffic')
    .addColumn('receiver_id', 'text', (col) =>
      col.primaryKey().references('receivers.receiver_id').onDelete('cascade'),
    )
    .addColumn('throughput', 'double precision', (col) => col.notNull())
    .addColumn('success_rate', 'double precision', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('saf_queues')
    .addColumn('receiver_id', 'text', (col) =>
      col.notNull().references('receivers.receiver_id').onDelete('cascade'),
    )
    .addColumn('node_id', 'text', (col) => col.notNull().references('nodes.node_id').onDelete('cascade'))
    /** As the switch reports it, so monitoring needs no load-balancer table. */
    .addColumn('receiver_description', 'text', (col) => col.notNull())
    .addColumn('length', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('retransmits', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('saf_queues_pk', ['receiver_id', 'node_id'])
    .execute();

  await db.schema
    .createTable('metric_points')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('node_id', 'text', (col) => col.notNull().references('nodes.node_id').onDelete('cascade'))
    .addColumn('time', 'timestamptz', (col) => col.notNull())
    .addColumn('tps_5min', 'double precision', (col) => col.notNull())
    .addColumn('tps_5min_agg', 'double precision', (col) => col.notNull())
    .addColumn('total_messages', 'bigint', (col) => col.notNull())
    .addColumn('percentile50', 'double precision', (col) => col.notNull())
    .addColumn('percentile95', 'double precision', (col) => col.notNull())
    .addColumn('percentile99', 'double precision', (col) => col.notNull())
    .addUniqueConstraint('metric_points_node_time_key', ['node_id', 'time'])
    .execute();
  // A node's series in scroll order (time, id), read forwards in batches and backwards for the latest.
  await db.schema
    .createIndex('metric_points_node_scroll_idx')
    .on('metric_points')
    .columns(['node_id', 'time', 'id'])
    .execute();
  // The aggregate series (all nodes per time) and pruning.
  await db.schema.createIndex('metric_points_time_idx').on('metric_points').column('time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'metric_points',
    'saf_queues',
    'receiver_traffic',
    'receiver_changes',
    'receivers',
    'lb_services',
    'nodes',
    'instances',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
