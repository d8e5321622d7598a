import { sql, type Kysely } from 'kysely';

/**
 * The results grid's exact total without counting a million rows: the transactions of each
 * process by match status, settlement status and whether a match is partial, kept by statement
 * triggers (one upsert per key and statement, so a re-match or a seeding batch costs one each).
 * A selection by status alone sums these rows; a field filter still counts its matches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table recon_transaction_counts (
    process_id integer not null,
    match_status text not null,
    settlement_status text not null,
    partial boolean not null,
    total bigint not null,
    primary key (process_id, match_status, settlement_status, partial)
  )`.execute(db);
  await sql`
    insert into recon_transaction_counts (process_id, match_status, settlement_status, partial, total)
    select process_id, match_status, settlement_status, match_status = 'MATCHED' and score < 100, count(*)
    from recon_transactions
    group by 1, 2, 3, 4
  `.execute(db);
  // Each trigger adds its rows' signs per key: +1 a new or updated row, -1 a deleted or replaced one.
  const changed = {
    insert: sql`select *, 1 as sign from inserted`,
    delete: sql`select *, -1 as sign from deleted`,
    update: sql`select *, 1 as sign from inserted union all select *, -1 as sign from deleted`,
  };
  for (const [event, rows] of Object.entries(changed)) {
    await sql`create function ${sql.raw(`recon_transactions_counted_${event}`)}() returns trigger
      language plpgsql as $$
      begin
        insert into recon_transaction_counts as c (process_id, match_status, settlement_status, partial, total)
        select process_id, match_status, settlement_status, match_status = 'MATCHED' and score < 100, sum(sign)
        from (${rows}) changed
        group by 1, 2, 3, 4
        on conflict (process_id, match_status, settlement_status, partial)
          do update set total = c.total + excluded.total;
        return null;
      end $$`.execute(db);
    const tables =
      event === 'insert'
        ? sql`new table as inserted`
        : event === 'delete'
          ? sql`old table as deleted`
          : sql`new table as inserted old table as deleted`;
    await sql`create trigger ${sql.raw(`recon_transactions_counted_${event}`)} after ${sql.raw(event)}
      on recon_transactions referencing ${tables}
      for each statement execute function ${sql.raw(`recon_transactions_counted_${event}`)}()`.execute(db);
  }
  await sql`create function recon_transactions_counted_truncate() returns trigger language plpgsql as $$
    begin
      delete from recon_transaction_counts;
      return null;
    end $$`.execute(db);
  await sql`create trigger recon_transactions_counted_truncate after truncate on recon_transactions
    for each statement execute function recon_transactions_counted_truncate()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'delete', 'update', 'truncate']) {
    const name = sql.raw(`recon_transactions_counted_${event}`);
    await sql`drop trigger if exists ${name} on recon_transactions`.execute(db);
    await sql`drop function if exists ${name}()`.execute(db);
  }
  await db.schema.dropTable('recon_transaction_counts').ifExists().execute();
}
