import { sql, type Kysely } from 'kysely';

/** Reconciliation: process definitions, inbox files with their records, recon transactions, actions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table recon_processes (
    process_id integer primary key,
    name text not null unique,
    display_name text not null
  )`.execute(db);
  await sql`create table recon_parties (
    process_id integer not null references recon_processes on delete cascade,
    party_id integer not null,
    name text not null,
    file_pattern text not null,
    columns jsonb not null,
    primary key (process_id, party_id)
  )`.execute(db);
  await sql`create table recon_fields (
    process_id integer not null references recon_processes on delete cascade,
    position integer not null,
    name text not null,
    type text not null check (type in ('TEXT', 'INTEGRAL', 'DATETIME')),
    reconcilable boolean not null,
    is_key boolean not null,
    primary key (process_id, position),
    unique (process_id, name)
  )`.execute(db);
  await sql`create table recon_files (
    file_id integer generated always as identity primary key,
    process_id integer not null references recon_processes,
    party_id integer not null,
    file_name text not null,
    sha256 text not null,
    content bytea not null,
    status text not null check (status in ('REGISTERED', 'FILTER', 'LOADED', 'ERROR')),
    records integer,
    exceptions integer,
    created_at timestamptz not null,
    loaded_at timestamptz,
    unique (process_id, sha256)
  )`.execute(db);
  await sql`create index recon_files_inbox_idx on recon_files (process_id, created_at desc, file_id desc)`.execute(
    db,
  );
  await sql`create table recon_exceptions (
    file_id integer not null references recon_files on delete cascade,
    line integer not null,
    reason text not null,
    raw text not null
  )`.execute(db);
  await sql`create index recon_exceptions_file_idx on recon_exceptions (file_id, line)`.execute(db);
  await sql`create table recon_records (
    record_id bigint generated always as identity primary key,
    file_id integer not null references recon_files on delete cascade,
    process_id integer not null,
    party_id integer not null,
    match_key text not null,
    compare_values text[] not null,
    fields jsonb not null
  )`.execute(db);
  // Matching groups by key within a process; rollback finds a file's records.
  await sql`create index recon_records_key_idx on recon_records (process_id, match_key)`.execute(db);
  await sql`create index recon_records_file_idx on recon_records (file_id)`.execute(db);
  await sql`create table recon_transactions (
    transaction_id bigint generated always as identity primary key,
    process_id integer not null,
    match_key text not null,
    created_at timestamptz not null,
    match_status text not null check (match_status in ('MATCHED', 'UNMATCHED', 'PARTIALLY_MATCHED', 'REJECTED')),
    settlement_status text not null check (settlement_status in ('PENDING', 'ISSUE', 'SETTLED')),
    score integer not null,
    unique (process_id, match_key)
  )`.execute(db);
  await sql`create index recon_transactions_status_idx
    on recon_transactions (process_id, settlement_status, match_status)`.execute(db);
  await sql`create table recon_actions (
    action_id uuid primary key,
    process_id integer not null,
    type text not null,
    file_id integer,
    file_name text,
    records integer,
    username text not null,
    comment text not null,
    created_at timestamptz not null,
    status text not null check (status in ('REGISTERED', 'SUCCESS', 'ERROR', 'REJECTED')),
    reviewer_username text,
    reviewed_at timestamptz
  )`.execute(db);
  await sql`create index recon_actions_pending_idx on recon_actions (process_id, created_at) where status = 'REGISTERED'`.execute(
    db,
  );
  await sql`create table recon_audits (
    audit_id bigint generated always as identity primary key,
    action_id uuid not null,
    process_id integer not null,
    audit_date timestamptz not null,
    username text not null,
    reviewer_username text,
    type text not null,
    status text not null
  )`.execute(db);
  await sql`create index recon_audits_date_idx on recon_audits (audit_date desc, audit_id desc)`.execute(db);
  await sql`create table recon_download_tokens (
    token_hash text primary key,
    user_id uuid not null,
    file_id integer not null references recon_files on delete cascade,
    expires_at timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'recon_download_tokens',
    'recon_audits',
    'recon_actions',
    'recon_transactions',
    'recon_records',
    'recon_exceptions',
    'recon_files',
    'recon_fields',
    'recon_parties',
    'recon_processes',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
