import { sql, type Kysely } from 'kysely';

/** Single-use tokens for a list's CSV export: who asked, which list and filter, until when. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table export_tokens (
      token_hash text primary key,
      user_id uuid not null,
      username text not null,
      list text not null,
      query jsonb not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index export_tokens_expires_at on export_tokens (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table export_tokens`.execute(db);
}
