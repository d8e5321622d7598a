import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The approvals list's and the audit log's exact totals without counting their rows, kept by
 * statement triggers as 0017 keeps the results': actions by process and list state, audit entries
 * by UTC month, user, type and status. The audit log counts the whole months of its range here and
 * only the part months at its ends in the entries. The approved list gets a partial index whose
 * predicate is its own filter, so its pages are read in order at any offset.
 */

/** The approvals list an action shows in (`null`: none); listActions filters the same way. */
const ACTION_STATE = sql`case
  when status = 'REJECTED' then 'rejected'
  when status = 'REGISTERED' and reviewed_at is null then 'pending'
  when status in ('REGISTERED', 'SUCCESS', 'ERROR') and reviewed_at is not null then 'approved'
end`;
const AUDIT_MONTH = sql`date_trunc('month', audit_date at time zone 'UTC')::date`;

interface CountedTable {
  table: string;
  counts: string;
  key: string[];
  /** The select list of the counts' key, on the changed rows. */
  keyOf: RawBuilder<unknown>;
  /** Which changed rows count (actions outside every list do not). */
  counted: RawBuilder<unknown>;
}

const COUNTED: CountedTable[] = [
  {
    table: 'recon_actions',
    counts: 'recon_action_counts',
    key: ['process_id', 'state'],
    keyOf: sql`process_id, ${ACTION_STATE} as state`,
    counted: sql`${ACTION_STATE} is not null`,
  },
  {
    table: 'recon_audits',
    counts: 'recon_audit_counts',
    key: ['month', 'username', 'type', 'status'],
    keyOf: sql`${AUDIT_MONTH} as month, username, type, status`,
    counted: sql`true`,
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table recon_action_counts (
    process_id integer not null,
    state text not null,
    total bigint not null,
    primary key (process_id, state)
  )`.execute(db);
  await sql`create table recon_audit_counts (
    month date not null,
    username text not null,
    type text not null,
    status text not null,
    total bigint not null,
    primary key (month, username, type, status)
  )`.execute(db);
  // Each trigger adds its rows' signs per key: +1 a new or updated row, -1 a deleted or replaced one.
  const changed = {
    insert: sql`select *, 1 as sign from inserted`,
    delete: sql`select *, -1 as sign from deleted`,
    update: sql`select *, 1 as sign from inserted union all select *, -1 as sign from deleted`,
  };
  for (const { table, counts, key, keyOf, counted } of COUNTED) {
    const keyList = sql.raw(key.join(', '));
    await sql`insert into ${sql.table(counts)} (${keyList}, total)
      select * from (select ${keyOf}, count(*) from ${sql.table(table)} where ${counted} group by ${keyList}) c`.execute(
      db,
    );
    for (const [event, rows] of Object.entries(changed)) {
      const name = sql.raw(`${table}_counted_${event}`);
      await sql`create function ${name}() returns trigger language plpgsql as $$
        begin
          insert into ${sql.table(counts)} as c (${keyList}, total)
          select ${keyList}, sum(sign) from (select ${keyOf}, sign from (${rows}) changed where ${counted}) keyed
          group by ${keyList}
          on conflict (${keyList}) do update set total = c.total + excluded.total;
          return null;
        end $$`.execute(db);
      const tables =
        event === 'insert'
          ? sql`new table as inserted`
          : event === 'delete'
            ? sql`old table as deleted`
            : sql`new table as inserted old table as deleted`;
      await sql`create trigger ${name} after ${sql.raw(event)} on ${sql.table(table)} referencing ${tables}
        for each statement execute function ${name}()`.execute(db);
    }
    const truncate = sql.raw(`${table}_counted_truncate`);
    await sql`create function ${truncate}() returns trigger language plpgsql as $$
      begin
        delete from ${sql.table(counts)};
        return null;
      end $$`.execute(db);
    await sql`create trigger ${truncate} after truncate on ${sql.table(table)}
      for each statement execute function ${truncate}()`.execute(db);
  }
  await sql`drop index recon_actions_approved_idx`.execute(db);
  await sql`create index recon_actions_approved_idx on recon_actions (process_id, created_at, action_id)
    where status in ('REGISTERED', 'SUCCESS', 'ERROR') and reviewed_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index recon_actions_approved_idx`.execute(db);
  await sql`create index recon_actions_approved_idx on recon_actions (process_id, created_at, action_id)
    where status in ('SUCCESS', 'ERROR')`.execute(db);
  for (const { table, counts } of COUNTED) {
    for (const event of ['insert', 'delete', 'update', 'truncate']) {
      const name = sql.raw(`${table}_counted_${event}`);
      await sql`drop trigger if exists ${name} on ${sql.table(table)}`.execute(db);
      await sql`drop function if exists ${name}()`.execute(db);
    }
    await sql`drop table if exists ${sql.table(counts)}`.execute(db);
  }
}
