import { sql } from 'kysely';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { DAY_MS } from '../../time.ts';

/** Days after today whose partitions exist before their first leg (housekeeping runs hourly). */
export const PARTITION_DAYS_AHEAD = 3;
/** Days before today made sure of at start: the first start's voucher history reaches two days back. */
export const PARTITION_DAYS_BEHIND = 2;

/** The two tables split by the leg's start day, legs first (the order every writer locks them in). */
const PARTITIONED_TABLES = ['transactions', 'transaction_messages'] as const;

/** Serialises partition creation across instances: two CREATE … PARTITION OF of one day would collide. */
const PARTITION_LOCK_KEY = 0x7a_26_0001;

/** A day's partition name: transactions_p20261127. */
const DAY_NAME = /_p(\d{4})(\d{2})(\d{2})$/;

function startOfDay(time: Date): number {
  return Math.floor(time.getTime() / DAY_MS) * DAY_MS;
}

function dayName(table: string, day: number): string {
  return `${table}_p${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** Whether this database splits legs by day (PostgreSQL); PGlite keeps one table (decision 0031). */
export async function isPartitioned(executor: DbExecutor): Promise<boolean> {
  const { rows } = await sql<{ partitioned: boolean }>`
    select relkind = 'p' as partitioned from pg_class where oid = to_regclass('transactions')`.execute(
    executor,
  );
  return rows[0]?.partitioned === true;
}

/** The start (UTC midnight) of each day that has its own partition of `table`. */
async function listDays(executor: DbExecutor, table: string): Promise<number[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(${table})`.execute(executor);
  return rows.flatMap(({ name }) => {
    const match = DAY_NAME.exec(name);
    return match === null ? [] : [Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))];
  });
}

/**
 * Creates the partition of one day of `table`. Rows of that day already in the DEFAULT partition
 * (written before the day had one) move into it: PostgreSQL refuses the partition otherwise.
 */
async function createDay(executor: DbExecutor, table: string, day: number): Promise<void> {
  const from = new Date(day).toISOString();
  const to = new Date(day + DAY_MS).toISOString();
  const parent = sql.id(table);
  const fallback = sql.id(`${table}_default`);
  const moved = sql.id(`${table}_moved`);
  await sql`create temporary table ${moved} (like ${parent}) on commit drop`.execute(executor);
  await sql`with taken as (
      delete from ${fallback} where time_started >= ${from}::timestamptz and time_started < ${to}::timestamptz
      returning *)
    insert into ${moved} select * from taken`.execute(executor);
  await sql`create table ${sql.id(dayName(table, day))} partition of ${parent}
    for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(executor);
  // The moved legs keep their seq: messages and the pinned first page refer to it.
  await sql`insert into ${parent} overriding system value select * from ${moved}`.execute(executor);
  await sql`drop table ${moved}`.execute(executor);
}

/**
 * Makes sure each day from `from` to `to` (both included) has its partition, in one transaction
 * that holds an advisory lock, so two instances starting together create each day once. Cheap
 * when they all exist (one catalogue read); does nothing on an unpartitioned database.
 */
export async function ensureDayPartitions(db: Db, from: Date, to: Date): Promise<number> {
  if (!(await isPartitioned(db))) return 0;
  const wanted: number[] = [];
  for (let day = startOfDay(from); day <= startOfDay(to); day += DAY_MS) wanted.push(day);
  const missing = async (executor: DbExecutor) => {
    const existing = new Set(await listDays(executor, 'transactions'));
    return wanted.filter((day) => !existing.has(day));
  };
  if ((await missing(db)).length === 0) return 0;
  // A day retention detached but housekeeping has not dropped yet would hold its name.
  await dropDetachedDays(db);
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${PARTITION_LOCK_KEY})`.execute(tx);
    const days = await missing(tx);
    for (const day of days) {
      for (const table of PARTITIONED_TABLES) await createDay(tx, table, day);
    }
    return days.length;
  });
}

/**
 * Retention on a partitioned database: detaches each day wholly before `cutoff` (its messages
 * first), then deletes at most `batch` legs before `cutoff` from the DEFAULT partition. A day
 * that straddles the cutoff is kept whole until its end has passed. Detaching is a catalogue
 * change; the detached tables' files are freed by dropDetachedDays, in a transaction of its own,
 * because freeing them takes seconds on some disks and a drop here would hold the tables' locks
 * through it.
 */
export async function detachDaysBefore(
  executor: DbExecutor,
  cutoff: Date,
  batch: number,
): Promise<{ days: number; defaultLegs: number }> {
  const expired = (await listDays(executor, 'transactions')).filter(
    (day) => day + DAY_MS <= cutoff.getTime(),
  );
  for (const day of expired) {
    for (const table of [...PARTITIONED_TABLES].reverse()) {
      await sql`alter table ${sql.id(table)} detach partition ${sql.id(dayName(table, day))}`.execute(
        executor,
      );
    }
  }
  const { rows } = await sql<{ seq: string | number; time_started: Date }>`
    delete from transactions_default where seq in (
      select seq from transactions_default where time_started < ${cutoff} order by time_started limit ${batch})
    returning seq, time_started`.execute(executor);
  if (rows.length > 0) {
    await sql`delete from transaction_messages_default m
      using json_to_recordset(${JSON.stringify(rows)}::json) as gone(seq bigint, time_started timestamptz)
      where m.transaction_seq = gone.seq and m.time_started = gone.time_started`.execute(executor);
  }
  return { days: expired.length, defaultLegs: rows.length };
}

/** Drops the day tables retention detached, each on its own (housekeeping, hourly and at start). */
export async function dropDetachedDays(db: Db): Promise<{ tables: number }> {
  const { rows } = await sql<{ name: string }>`
    select relname as name from pg_class
    where relkind = 'r' and not relispartition and relnamespace = current_schema()::regnamespace
      and relname ~ '^(transactions|transaction_messages)_p[0-9]{8}$'
    order by relname`.execute(db);
  for (const { name } of rows) {
    await sql`drop table if exists ${sql.id(name)}`.execute(db);
  }
  return { tables: rows.length };
}

/**
 * Yesterday, the day before, today and the next PARTITION_DAYS_AHEAD days: what the platform makes
 * sure of at start and hourly (housekeeping, on every instance), so a tick's legs always find
 * their day; the days retention detached are dropped first. The days behind are those the first start's voucher history writes into; the
 * transaction history and the seed command make sure of their own days.
 */
export async function ensureCurrentDays(db: Db, now: Date): Promise<{ partitions: number; dropped: number }> {
  const dropped = (await dropDetachedDays(db)).tables;
  const partitions = await ensureDayPartitions(
    db,
    new Date(now.getTime() - PARTITION_DAYS_BEHIND * DAY_MS),
    new Date(now.getTime() + PARTITION_DAYS_AHEAD * DAY_MS),
  );
  return { partitions, dropped };
}
