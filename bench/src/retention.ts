import { sql } from 'kysely';
import { openPostgres } from '@web-control/platform/db/connection';
import { migrateToLatest } from '@web-control/platform/db/migrate';
import { seed } from '@web-control/platform/db/seed';
import { dropDetachedDays } from '@web-control/platform/transactions/partitions';
import { createTransactionsRepository } from '@web-control/platform/transactions/repository';
import { DEMO_PASSWORD, onServer } from './platform.ts';
import { measureTransactions, type TransactionFigures } from './transactions.ts';

export const RETENTION_BENCH_LEGS = 10_000_000;
/** Messages per leg (a switch records two to four; two keeps the seeding within minutes). */
const MESSAGES_PER_LEG = 2;
const DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;
const SEED_BATCH = 1_000_000;
/** The schema before transactions were split by day. */
const BEFORE_PARTITIONING = '0032-export-tokens';
/** What the simulator's retention deleted per call before partitions. */
const PRUNE_BATCH = 20_000;

export interface RetentionFigures {
  database: string;
  legs: number;
  messages: number;
  seedSeconds: number;
  /** Legs of the oldest whole day, what both retentions remove. */
  dayLegs: number;
  /** The set-based DELETE of that day on the unpartitioned tables (rolled back). */
  deleteSeconds: number;
  /** One batch of the old retention (the first PRUNE_BATCH legs of that day, rolled back). */
  deleteBatchSeconds: number;
  /** Migration 0033 rewriting both tables into day partitions: the upgrade of a deployment. */
  upgradeSeconds: number;
  /** The retention as the platform runs it now: the day's two partitions detached. */
  detachSeconds: number;
  /** Housekeeping's drop of the detached tables afterwards (the files freed), off the tables' locks. */
  dropSeconds: number;
  lists: TransactionFigures;
}

function recreateDatabase(url: string): Promise<void> {
  return onServer(url, async (client, name) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  });
}

async function seconds<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

/**
 * Retention at 10 million legs on PostgreSQL: fills the tables as they were before partitioning
 * with set-based INSERT … SELECT (not through the app), times the DELETE of the oldest day there,
 * upgrades (migration 0033), times the drop of the same day, then runs the transaction list
 * scenarios on the partitioned tables. The database is rebuilt on every run.
 */
export async function measureRetention(url: string): Promise<RetentionFigures> {
  await recreateDatabase(url);
  const database = openPostgres(url);
  const db = database.db;
  let dayLegs = 0;
  let seedSeconds = 0;
  let deleteSeconds = 0;
  let deleteBatchSeconds = 0;
  let upgradeSeconds = 0;
  let detachSeconds = 0;
  let dropSeconds = 0;
  const end = Date.now();
  const start = end - DAYS * DAY_MS;
  const oldestDay = Math.ceil(start / DAY_MS) * DAY_MS;
  try {
    await migrateToLatest(db, BEFORE_PARTITIONING);
    await seed(db, { demoPassword: DEMO_PASSWORD });
    console.log(`Seeding ${RETENTION_BENCH_LEGS.toLocaleString('en')} legs over ${DAYS.toString()} days…`);
    seedSeconds = (
      await seconds(async () => {
        // The secondary indexes and the messages' foreign key are built once at the end, not row by row.
        const indexes = await sql<{ name: string; definition: string }>`
          select indexname as name, indexdef as definition from pg_indexes
          where tablename = 'transactions' and indexname not in ('transactions_pkey', 'transactions_uuid_key')`.execute(
          db,
        );
        for (const index of indexes.rows) await sql`drop index ${sql.id(index.name)}`.execute(db);
        await sql`alter table transaction_messages drop constraint transaction_messages_transaction_seq_fkey`.execute(
          db,
        );
        for (let first = 0; first < RETENTION_BENCH_LEGS; first += SEED_BATCH) {
          await insertLegs(db, first, Math.min(SEED_BATCH, RETENTION_BENCH_LEGS - first), { start, end });
          console.log(`  ${(first + SEED_BATCH).toLocaleString('en')} legs`);
        }
        for (const index of indexes.rows) await sql.raw(index.definition).execute(db);
        await sql`alter table transaction_messages add constraint transaction_messages_transaction_seq_fkey
          foreign key (transaction_seq) references transactions (seq) on delete cascade`.execute(db);
        await sql`vacuum analyze transactions`.execute(db);
        await sql`vacuum analyze transaction_messages`.execute(db);
      })
    ).seconds;

    const from = new Date(oldestDay);
    const before = new Date(oldestDay + DAY_MS);
    const counted = await sql<{ count: string }>`select count(*) as count from transactions
      where time_started >= ${from} and time_started < ${before}`.execute(db);
    dayLegs = Number(counted.rows[0]?.count ?? 0);
    console.log(`Deleting the ${dayLegs.toLocaleString('en')} legs of the oldest day (rolled back)…`);
    deleteSeconds = await rolledBack(db, async (tx) => {
      await sql`delete from transactions where time_started >= ${from} and time_started < ${before}`.execute(
        tx,
      );
    });
    deleteBatchSeconds = await rolledBack(db, async (tx) => {
      await sql`delete from transactions where seq in (select seq from transactions
        where time_started < ${before} order by time_started limit ${PRUNE_BATCH})`.execute(tx);
    });

    console.log('Upgrading (migration 0033: both tables into day partitions)…');
    upgradeSeconds = (await seconds(() => migrateToLatest(db))).seconds;
    await sql`vacuum analyze transactions`.execute(db);
    await sql`vacuum analyze transaction_messages`.execute(db);

    const repository = createTransactionsRepository();
    const prune = (cutoff: Date) =>
      seconds(() => db.transaction().execute((tx) => repository.pruneBefore(tx, cutoff, PRUNE_BATCH)));
    // The partial first day goes first, so the figures are the whole day's alone.
    await prune(from);
    await dropDetachedDays(db);
    detachSeconds = (await prune(before)).seconds;
    dropSeconds = (await seconds(() => dropDetachedDays(db))).seconds;
  } finally {
    await database.close();
  }
  const legs = RETENTION_BENCH_LEGS;
  const lists = await measureTransactions({ kind: 'postgres', url });
  return {
    database: lists.database,
    legs,
    messages: legs * MESSAGES_PER_LEG,
    seedSeconds,
    dayLegs,
    deleteSeconds,
    deleteBatchSeconds,
    upgradeSeconds,
    detachSeconds,
    dropSeconds,
    lists,
  };
}

type Db = ReturnType<typeof openPostgres>['db'];

/** Times `work` in a transaction that is then rolled back, so the rows stay for what follows. */
async function rolledBack(db: Db, work: (tx: Db) => Promise<void>): Promise<number> {
  const connection = db.connection();
  return connection.execute(async (executor) => {
    await sql`begin`.execute(executor);
    try {
      return (await seconds(() => work(executor))).seconds;
    } finally {
      await sql`rollback`.execute(executor);
    }
  });
}

/**
 * Legs `first` to `first + count` of the series, spread evenly over [start, end): the card,
 * EFT and airtime services with their active receivers, unique references and STANs; each leg
 * with MESSAGES_PER_LEG messages.
 */
async function insertLegs(
  db: Db,
  first: number,
  count: number,
  range: { start: number; end: number },
): Promise<void> {
  const step = (range.end - range.start) / RETENTION_BENCH_LEGS;
  await sql`
    with routes as (
      select row_number() over (order by s.service_type_id, r.receiver_id) - 1 as route,
        s.service_type_id, s.service_desc, r.receiver_id, r.name as receiver_name
      from service_types s join receivers r on r.service_id = s.lb_service_id
      where r.active),
    legs as (
      select i, (select count(*) from routes) as routes from generate_series(${first}::bigint, ${first + count - 1}::bigint) i)
    insert into transactions (uuid, reference_number, originator_type_id, originator_id, service_type_id,
      service_desc, receiver_id, receiver_name, server_desc, tran_state, time_started, time_completed,
      stan, card_key)
    select gen_random_uuid(), lpad(l.i::text, 12, '0'), (array['atm', 'pos', 'ecom', 'mobile', 'branch'])[1 + l.i % 5],
      'T' || (l.i % 5000)::text, r.service_type_id, r.service_desc, r.receiver_id, r.receiver_name, 'switch-node-1',
      case when l.i % 20 = 0 then 'FAILED' else 'COMPLETED' end,
      to_timestamp((${range.start}::double precision + l.i * ${step}::double precision) / 1000),
      to_timestamp((${range.start}::double precision + l.i * ${step}::double precision + 180) / 1000),
      lpad((l.i % 1000000)::text, 6, '0'), null
    from legs l join routes r on r.route = l.i % l.routes
    order by l.i`.execute(db);
  await sql`
    insert into transaction_messages (transaction_seq, position, edge_name, edge_type, direction, nr_repeats,
      content, message_desc, time_created)
    select t.seq, p, case when p = 0 then 'terminal-inlet' else 'network-outlet' end,
      case when p = 0 then 'INLET' else 'OUTLET' end, case when p = 0 then 'RECEIVE' else 'SEND' end, 1,
      '0200 F23A4481 28E08000 0000000000000000 ' || t.reference_number, 'Financial request', t.time_started
    from transactions t cross join generate_series(0, ${MESSAGES_PER_LEG - 1}) p
    where t.seq > (select coalesce(max(transaction_seq), 0) from transaction_messages)`.execute(db);
}
