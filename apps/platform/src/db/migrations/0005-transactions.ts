import { sql, type Kysely } from 'kysely';

/**
 * Transactions as the switch records them: one row per leg (legs of one transaction are linked by
 * uuid_prev / uuid_next), the edge messages of each leg, and the filter option lists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_types')
    .addColumn('service_type_id', 'text', (col) => col.primaryKey())
    .addColumn('service_desc', 'text', (col) => col.notNull())
    /** The load-balanced service that carries it; null for follow-up legs (reversals, completions). */
    .addColumn('lb_service_id', 'text')
    /** The simulator's share of its service's traffic. */
    .addColumn('traffic_share', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('originator_types')
    .addColumn('originator_type_id', 'text', (col) => col.primaryKey())
    .addColumn('originator_desc', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('transactions')
    // Insertion order: pins a first page (latestRecord) against rows that arrive later.
    .addColumn('seq', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('uuid', 'uuid', (col) => col.notNull().unique())
    .addColumn('reference_number', 'text', (col) => col.notNull())
    .addColumn('originator_type_id', 'text', (col) => col.notNull())
    .addColumn('originator_id', 'text', (col) => col.notNull())
    .addColumn('service_type_id', 'text', (col) => col.notNull())
    .addColumn('service_desc', 'text', (col) => col.notNull())
    .addColumn('receiver_id', 'text')
    .addColumn('receiver_name', 'text')
    .addColumn('server_desc', 'text', (col) => col.notNull())
    .addColumn('tran_state', 'text', (col) => col.notNull())
    .addColumn('time_started', 'timestamptz', (col) => col.notNull())
    .addColumn('time_completed', 'timestamptz')
    .addColumn('uuid_prev', 'uuid')
    .addColumn('uuid_next', 'uuid')
    .addColumn('service_data', 'jsonb')
    .execute();
  // One index per filter combination the console offers, each in list order (newest first), so
  // a page is an index range scan whatever the date range; reference narrows to a handful of rows.
  await sql`create index transactions_time_idx on transactions (time_started desc, seq desc)`.execute(db);
  await sql`create index transactions_service_time_idx
    on transactions (service_type_id, time_started desc, seq desc)`.execute(db);
  await sql`create index transactions_receiver_time_idx
    on transactions (receiver_id, time_started desc, seq desc)`.execute(db);
  await sql`create index transactions_service_receiver_time_idx
    on transactions (service_type_id, receiver_id, time_started desc, seq desc)`.execute(db);
  await sql`create index transactions_reference_idx
    on transactions (reference_number, time_started desc, seq desc)`.execute(db);

  await db.schema
    .createTable('transaction_messages')
    .addColumn('transaction_seq', 'bigint', (col) =>
      col.notNull().references('transactions.seq').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('edge_name', 'text', (col) => col.notNull())
    .addColumn('edge_type', 'text', (col) => col.notNull().check(sql`edge_type in ('INLET', 'OUTLET')`))
    .addColumn('direction', 'text', (col) => col.notNull().check(sql`direction in ('SEND', 'RECEIVE')`))
    .addColumn('nr_repeats', 'integer', (col) => col.notNull().check(sql`nr_repeats >= 1`))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('message_desc', 'text', (col) => col.notNull())
    .addColumn('time_created', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('transaction_messages_pk', ['transaction_seq', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['transaction_messages', 'transactions', 'originator_types', 'service_types']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
