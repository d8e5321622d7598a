import { sql, type Kysely } from 'kysely';

/**
 * A finance file is stored as it streams in, in chunks, never whole in memory; its load streams
 * the chunks through the CSV parser into an unlogged staging table with COPY, and moves the rows
 * on from there set-based. The file row says how far its load has read (the inbox's progress) and
 * when its loader last showed life (a silent one's load is taken over).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table recon_file_chunks (
    file_id integer not null references recon_files (file_id) on delete cascade,
    position integer not null,
    bytes bytea not null,
    primary key (file_id, position)
  )`.execute(db);
  await sql`insert into recon_file_chunks (file_id, position, bytes)
    select file_id, 0, content from recon_files where length(content) > 0`.execute(db);
  await sql`alter table recon_files drop column content`.execute(db);
  await sql`alter table recon_files add column size_bytes bigint not null default 0`.execute(db);
  // Lines after the header when stored: the load's total, which it reads towards.
  await sql`alter table recon_files add column records_total integer`.execute(db);
  await sql`alter table recon_files add column records_read integer`.execute(db);
  await sql`alter table recon_files add column load_heartbeat_at timestamptz`.execute(db);
  await sql`update recon_files f set size_bytes = coalesce(
      (select sum(length(c.bytes)) from recon_file_chunks c where c.file_id = f.file_id), 0)`.execute(db);
  // No index and no WAL: rows live here only while their load runs, read once by file and attempt.
  await sql`create unlogged table recon_load_rows (
    file_id integer not null,
    attempt integer not null,
    line integer not null,
    reason text,
    raw text,
    match_key text,
    fields jsonb
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table recon_load_rows`.execute(db);
  await sql`alter table recon_files add column content bytea not null default ''::bytea`.execute(db);
  await sql`update recon_files f set content = coalesce(
      (select string_agg(c.bytes, ''::bytea order by c.position) from recon_file_chunks c
        where c.file_id = f.file_id), ''::bytea)`.execute(db);
  await sql`alter table recon_files drop column load_heartbeat_at`.execute(db);
  await sql`alter table recon_files drop column records_read`.execute(db);
  await sql`alter table recon_files drop column records_total`.execute(db);
  await sql`alter table recon_files drop column size_bytes`.execute(db);
  await sql`drop table recon_file_chunks`.execute(db);
}
