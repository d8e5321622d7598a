import { sql, type Kysely } from 'kysely';

/**
 * Configuration maps. Versions are numbered per map (seq); every mapping row is valid from one
 * seq until another (to_seq null: still valid), so each version's content stays readable without
 * copying the map. Unsubmitted changes live at the map's next_seq.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table config_maps (
    map_id text primary key,
    created_at timestamptz not null,
    created_by text not null,
    next_seq integer not null default 1,
    applied_seq integer not null default 0,
    pushed_seq integer,
    pushed_at timestamptz
  )`.execute(db);
  await sql`create table config_map_versions (
    version_id uuid primary key,
    map_id text not null references config_maps on delete cascade,
    seq integer not null,
    state text not null check (state in ('submitted', 'applied', 'rejected')),
    submitted_by text not null,
    submitted_at timestamptz not null,
    comment text not null,
    reviewed_by text,
    reviewed_at timestamptz,
    review_comment text,
    unique (map_id, seq)
  )`.execute(db);
  // Byte order ("C"): key-prefix ranges use the primary key, whatever the server's locale.
  await sql`create table config_map_entries (
    map_id text not null references config_maps on delete cascade,
    key text collate "C" not null,
    value text not null,
    from_seq integer not null,
    to_seq integer,
    primary key (map_id, key, from_seq)
  )`.execute(db);
  await sql`create unique index config_map_entries_current_idx
    on config_map_entries (map_id, key) where to_seq is null`.execute(db);
  // The changes between two versions: rows that start or end after the older one.
  await sql`create index config_map_entries_from_idx on config_map_entries (map_id, from_seq)`.execute(db);
  await sql`create index config_map_entries_to_idx on config_map_entries (map_id, to_seq)
    where to_seq is not null`.execute(db);

  await sql`create table config_clients (
    client_id text primary key,
    secret_hash text,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create table config_client_maps (
    client_id text not null references config_clients on delete cascade,
    map_id text not null references config_maps on delete cascade,
    applied_version_id uuid,
    last_ack_version_id uuid,
    last_ack_status text check (last_ack_status in ('applied', 'rejected')),
    log_time timestamptz,
    log_message text,
    primary key (client_id, map_id)
  )`.execute(db);
  await sql`create index config_client_maps_map_idx on config_client_maps (map_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'config_client_maps',
    'config_clients',
    'config_map_entries',
    'config_map_versions',
    'config_maps',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
