import { sql, type Kysely } from 'kysely';

/**
 * Retention that scales (decision 0031). On PostgreSQL, legs and their messages are split into
 * one partition per UTC day of the leg's start, so retention drops a day instead of deleting its
 * rows; a DEFAULT partition takes any leg whose day has no partition yet. Messages carry their
 * leg's start time, the partition key. The existing rows are copied over (an upgrade rewrites
 * both tables once). PGlite keeps one table of each and only gains the messages' start time.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days after today created now; the platform creates the following ones as they come. */
const DAYS_AHEAD = 3;
/**
 * Days before today given a partition. Older legs (kept by a longer retention) go to the DEFAULT
 * partition, which retention empties by DELETE: a partition per day of a year would take more
 * locks in this one transaction than PostgreSQL's default lock table holds.
 */
const DAYS_BEHIND = 31;

async function isPGlite(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ pglite: boolean }>`select version() like '%PGlite%' as pglite`.execute(db);
  return rows[0]?.pglite === true;
}

async function addMessageStartTime(db: Kysely<unknown>): Promise<void> {
  await sql`alter table transaction_messages add column time_started timestamptz`.execute(db);
  await sql`update transaction_messages m set time_started = t.time_started
    from transactions t where t.seq = m.transaction_seq`.execute(db);
  await sql`alter table transaction_messages alter column time_started set not null`.execute(db);
}

const LEG_COLUMNS = sql`
  uuid uuid not null,
  reference_number text not null,
  originator_type_id text not null,
  originator_id text not null,
  service_type_id text not null,
  service_desc text not null,
  receiver_id text,
  receiver_name text,
  server_desc text not null,
  tran_state text not null,
  time_started timestamptz not null,
  time_completed timestamptz,
  uuid_prev uuid,
  uuid_next uuid,
  service_data jsonb,
  stan text,
  card_key text`;

const MESSAGE_COLUMNS = sql`
  transaction_seq bigint not null,
  position integer not null,
  edge_name text not null,
  edge_type text not null check (edge_type in ('INLET', 'OUTLET')),
  direction text not null check (direction in ('SEND', 'RECEIVE')),
  nr_repeats integer not null check (nr_repeats >= 1),
  content text not null,
  message_desc text not null,
  time_created timestamptz not null`;

/** The list indexes of 0005 and 0030: on the parent, so every partition gets its own. */
async function createListIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`create index transactions_time_idx on transactions (time_started desc, seq desc)`.execute(db);
  await sql`create index transactions_service_time_idx
    on transactions (service_type_id, time_started desc, seq desc)`.execute(db);
  await sql`create index transactions_receiver_time_idx
    on transactions (receiver_id, time_started desc, seq desc)`.execute(db);
  await sql`create index transactions_service_receiver_time_idx
    on transactions (service_type_id, receiver_id, time_started desc, seq desc)`.execute(db);
  await sql`create index transactions_reference_idx
    on transactions (reference_number, time_started desc, seq desc)`.execute(db);
  await sql`create index transactions_stan_time_idx
    on transactions (stan, time_started desc, seq desc) where stan is not null`.execute(db);
  await sql`create index transactions_card_time_idx
    on transactions (card_key, time_started desc, seq desc) where card_key is not null`.execute(db);
}

/** The sequence behind seq continues after the copied rows. */
async function continueSeq(db: Kysely<unknown>): Promise<void> {
  await sql`select setval(pg_get_serial_sequence('transactions', 'seq'), coalesce(max(seq), 0) + 1, false)
    from transactions`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await ((await isPGlite(db)) ? addMessageStartTime(db) : partitionByDay(db));
}

/** The PostgreSQL upgrade; exported so the cost of partitions can be measured on PGlite too. */
export async function partitionByDay(db: Kysely<unknown>): Promise<void> {
  await sql`alter table transaction_messages rename to transaction_messages_unpartitioned`.execute(db);
  await sql`alter table transactions rename to transactions_unpartitioned`.execute(db);
  await sql`create table transactions (seq bigint generated always as identity, ${LEG_COLUMNS})
    partition by range (time_started)`.execute(db);
  await sql`create table transaction_messages (${MESSAGE_COLUMNS}, time_started timestamptz not null)
    partition by range (time_started)`.execute(db);

  const { rows } = await sql<{ oldest: Date | null }>`
    select min(time_started) as oldest from transactions_unpartitioned`.execute(db);
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const oldest = rows[0]?.oldest;
  const oldestDay = oldest == null ? today : Math.floor(new Date(oldest).getTime() / DAY_MS) * DAY_MS;
  const first = Math.min(today, Math.max(oldestDay, today - DAYS_BEHIND * DAY_MS));
  for (let day = first; day <= today + DAYS_AHEAD * DAY_MS; day += DAY_MS) {
    const from = sql.lit(new Date(day).toISOString());
    const to = sql.lit(new Date(day + DAY_MS).toISOString());
    const suffix = new Date(day).toISOString().slice(0, 10).replaceAll('-', '');
    for (const table of ['transactions', 'transaction_messages']) {
      await sql`create table ${sql.id(`${table}_p${suffix}`)} partition of ${sql.id(table)}
        for values from (${from}) to (${to})`.execute(db);
    }
  }
  await sql`create table transactions_default partition of transactions default`.execute(db);
  await sql`create table transaction_messages_default partition of transaction_messages default`.execute(db);

  // Indexes after the copy: building them once is quicker than maintaining them row by row.
  await sql`insert into transactions overriding system value select seq, uuid, reference_number,
      originator_type_id, originator_id, service_type_id, service_desc, receiver_id, receiver_name,
      server_desc, tran_state, time_started, time_completed, uuid_prev, uuid_next, service_data, stan, card_key
    from transactions_unpartitioned`.execute(db);
  await sql`insert into transaction_messages select m.transaction_seq, m.position, m.edge_name, m.edge_type,
      m.direction, m.nr_repeats, m.content, m.message_desc, m.time_created, t.time_started
    from transaction_messages_unpartitioned m join transactions_unpartitioned t on t.seq = m.transaction_seq`.execute(
    db,
  );
  await sql`drop table transaction_messages_unpartitioned`.execute(db);
  await sql`drop table transactions_unpartitioned`.execute(db);
  await continueSeq(db);

  // A unique index of a partitioned table holds the partition key: a uuid is unique per start
  // time (a leg written twice repeats both), and its index serves lookups by uuid in each day.
  await sql`alter table transactions add constraint transactions_pkey primary key (seq, time_started),
    add constraint transactions_uuid_key unique (uuid, time_started)`.execute(db);
  await sql`alter table transaction_messages add constraint transaction_messages_pk
    primary key (transaction_seq, time_started, position)`.execute(db);
  await createListIndexes(db);
  await sql`analyze transactions, transaction_messages`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (await isPGlite(db)) {
    await sql`alter table transaction_messages drop column time_started`.execute(db);
    return;
  }
  await sql`alter table transaction_messages rename to transaction_messages_partitioned`.execute(db);
  await sql`alter table transactions rename to transactions_partitioned`.execute(db);
  // The partitioned tables' constraints and indexes go first: the old ones take their names.
  await sql`alter table transactions_partitioned drop constraint transactions_pkey,
    drop constraint transactions_uuid_key`.execute(db);
  await sql`alter table transaction_messages_partitioned drop constraint transaction_messages_pk`.execute(db);
  for (const index of [
    'time',
    'service_time',
    'receiver_time',
    'service_receiver_time',
    'stan_time',
    'card_time',
  ]) {
    await sql`drop index ${sql.id(`transactions_${index}_idx`)}`.execute(db);
  }
  await sql`drop index transactions_reference_idx`.execute(db);
  await sql`create table transactions (seq bigint primary key generated always as identity,
    ${LEG_COLUMNS}, unique (uuid))`.execute(db);
  await sql`insert into transactions overriding system value select seq, uuid, reference_number,
      originator_type_id, originator_id, service_type_id, service_desc, receiver_id, receiver_name,
      server_desc, tran_state, time_started, time_completed, uuid_prev, uuid_next, service_data, stan, card_key
    from transactions_partitioned`.execute(db);
  await sql`create table transaction_messages (${MESSAGE_COLUMNS},
    constraint transaction_messages_pk primary key (transaction_seq, position),
    foreign key (transaction_seq) references transactions (seq) on delete cascade)`.execute(db);
  await sql`insert into transaction_messages select transaction_seq, position, edge_name, edge_type,
      direction, nr_repeats, content, message_desc, time_created
    from transaction_messages_partitioned`.execute(db);
  await sql`drop table transaction_messages_partitioned`.execute(db);
  await sql`drop table transactions_partitioned`.execute(db);
  await continueSeq(db);
  await createListIndexes(db);
}
