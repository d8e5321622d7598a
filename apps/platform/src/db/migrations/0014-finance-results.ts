import { sql, type Kysely } from 'kysely';

/**
 * Finance II: searchable field values of recon transactions, the sets of transaction actions,
 * settlement runs with their aggregates, and the outbox of extracts with their tags.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table recon_transactions
    add column decision text check (decision in ('ACCEPTED', 'REJECTED', 'RESOLVED')),
    add column resolved_party_id integer,
    add column settlement_run_id integer`.execute(db);
  // A disagreeing (partially matched) transaction is an issue, not something to settle.
  await sql`update recon_transactions set settlement_status = 'ISSUE'
    where match_status = 'MATCHED' and score < 100 and settlement_status = 'PENDING'`.execute(db);
  await sql`drop index recon_transactions_status_idx`.execute(db);
  // Paging by id, with or without the status filters, and the fixed sortable columns.
  await sql`create index recon_transactions_id_idx on recon_transactions (process_id, transaction_id)`.execute(
    db,
  );
  await sql`create index recon_transactions_status_idx
    on recon_transactions (process_id, settlement_status, match_status, transaction_id)`.execute(db);
  await sql`create index recon_transactions_match_idx
    on recon_transactions (process_id, match_status, transaction_id)`.execute(db);
  await sql`create index recon_transactions_created_idx
    on recon_transactions (process_id, created_at, transaction_id)`.execute(db);
  await sql`create index recon_transactions_score_idx
    on recon_transactions (process_id, score, transaction_id)`.execute(db);
  await sql`create index recon_transactions_run_idx
    on recon_transactions (settlement_run_id) where settlement_run_id is not null`.execute(db);

  // One row per transaction and field: the value the grid shows, typed so that filters and sorts
  // use an index whatever fields a process has. The "C" collation makes STARTS_WITH a range scan.
  await sql`create table recon_transaction_values (
    transaction_id bigint not null references recon_transactions on delete cascade,
    process_id integer not null,
    field text not null,
    text_value text collate "C",
    number_value numeric,
    time_value timestamptz,
    primary key (transaction_id, field)
  )`.execute(db);
  await sql`create index recon_values_text_idx
    on recon_transaction_values (process_id, field, text_value, transaction_id)`.execute(db);
  await sql`create index recon_values_suffix_idx
    on recon_transaction_values (process_id, field, reverse(text_value), transaction_id)`.execute(db);
  await sql`create index recon_values_number_idx
    on recon_transaction_values (process_id, field, number_value, transaction_id)`.execute(db);
  await sql`create index recon_values_time_idx
    on recon_transaction_values (process_id, field, time_value, transaction_id)`.execute(db);
  // The same values the re-match writes (one row per transaction and field), for the existing rows.
  await sql`
    insert into recon_transaction_values (transaction_id, process_id, field, text_value, number_value, time_value)
    select t.transaction_id, t.process_id, f.name,
      case when f.type = 'TEXT' then x.value end,
      case when f.type = 'INTEGRAL' then x.value::numeric end,
      case when f.type = 'DATETIME' then x.value::timestamptz end
    from recon_transactions t
    join recon_fields f on f.process_id = t.process_id
    left join lateral (
      select r.fields ->> f.name as value from recon_records r
      where r.process_id = t.process_id and r.match_key = t.match_key and coalesce(r.fields ->> f.name, '') <> ''
      order by r.party_id, r.record_id
      limit 1
    ) x on true
  `.execute(db);

  await sql`alter table recon_actions
    add column selection_type text,
    add column request_url text,
    add column transaction_count integer,
    add column party_id integer`.execute(db);
  // The set a transaction action was asked for, fixed when it was requested.
  await sql`create table recon_action_transactions (
    action_id uuid not null references recon_actions on delete cascade,
    transaction_id bigint not null references recon_transactions on delete cascade,
    primary key (action_id, transaction_id)
  )`.execute(db);

  await sql`create table recon_settlement_runs (
    run_id integer generated always as identity primary key,
    process_id integer not null references recon_processes,
    business_date date not null,
    status text not null check (status in ('OPEN', 'CLOSED')),
    start_date timestamptz not null,
    end_date timestamptz,
    closed_by text,
    transaction_count integer,
    report bytea,
    unique (process_id, business_date)
  )`.execute(db);
  await sql`create index recon_settlement_runs_start_idx
    on recon_settlement_runs (start_date desc, run_id desc)`.execute(db);
  await sql`create index recon_settlement_runs_process_idx
    on recon_settlement_runs (process_id, start_date desc, run_id desc)`.execute(db);
  await sql`create table recon_settlement_aggregates (
    run_id integer not null references recon_settlement_runs on delete cascade,
    position integer not null,
    name text not null,
    currency text not null,
    amount numeric not null,
    transaction_count integer not null,
    primary key (run_id, position)
  )`.execute(db);

  await sql`create table recon_extracts (
    extract_id integer generated always as identity primary key,
    process_id integer references recon_processes,
    file_name text not null,
    created_at timestamptz not null,
    content bytea not null,
    dedupe_key text not null unique
  )`.execute(db);
  await sql`create index recon_extracts_created_idx on recon_extracts (created_at desc, extract_id desc)`.execute(
    db,
  );
  await sql`create index recon_extracts_process_idx
    on recon_extracts (process_id, created_at desc, extract_id desc)`.execute(db);
  await sql`create table recon_extract_tags (
    extract_id integer not null references recon_extracts on delete cascade,
    tag_id text not null,
    value text not null,
    primary key (extract_id, tag_id, value)
  )`.execute(db);
  await sql`create index recon_extract_tags_value_idx on recon_extract_tags (tag_id, value, extract_id)`.execute(
    db,
  );
  await sql`alter table recon_download_tokens
    alter column file_id drop not null,
    add column extract_id integer references recon_extracts on delete cascade`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from recon_download_tokens where file_id is null`.execute(db);
  await sql`alter table recon_download_tokens drop column extract_id, alter column file_id set not null`.execute(
    db,
  );
  for (const table of [
    'recon_extract_tags',
    'recon_extracts',
    'recon_settlement_aggregates',
    'recon_settlement_runs',
    'recon_action_transactions',
    'recon_transaction_values',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`alter table recon_actions drop column selection_type, drop column request_url,
    drop column transaction_count, drop column party_id`.execute(db);
  for (const index of ['id', 'status', 'match', 'created', 'score', 'run']) {
    await sql`drop index if exists ${sql.raw(`recon_transactions_${index}_idx`)}`.execute(db);
  }
  await sql`alter table recon_transactions drop column decision, drop column resolved_party_id,
    drop column settlement_run_id`.execute(db);
  await sql`create index recon_transactions_status_idx
    on recon_transactions (process_id, settlement_status, match_status)`.execute(db);
}
