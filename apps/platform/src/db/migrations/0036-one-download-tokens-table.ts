import { sql, type Kysely } from 'kysely';
import { up as createExportTokens } from './0032-export-tokens.ts';

/**
 * One table of single-use download tokens: the finance downloads' (a file, an extract) now also
 * holds the lists' exports (a list and its filter). Tokens live a minute and open one download,
 * so none is carried over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from recon_download_tokens`.execute(db);
  await sql`alter table recon_download_tokens rename to download_tokens`.execute(db);
  await sql`alter table download_tokens
    add column username text not null,
    add column list text,
    add column query jsonb,
    add constraint download_tokens_one_subject check (num_nonnulls(file_id, extract_id, list) = 1),
    add constraint download_tokens_list_query check ((list is null) = (query is null))`.execute(db);
  await sql`create index download_tokens_expires_at on download_tokens (expires_at)`.execute(db);
  await sql`drop table export_tokens`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createExportTokens(db);
  await sql`delete from download_tokens`.execute(db);
  await sql`drop index download_tokens_expires_at`.execute(db);
  await sql`alter table download_tokens
    drop constraint download_tokens_list_query,
    drop constraint download_tokens_one_subject,
    drop column query,
    drop column list,
    drop column username`.execute(db);
  await sql`alter table download_tokens rename to recon_download_tokens`.execute(db);
}
