import { sql, type Kysely } from 'kysely';

/**
 * The same bytes twice in a process are refused only when they hold records: a party with nothing
 * to report sends the same header-only file every quiet day (0010 refused every second one). A name
 * is one file's (the service checks it under a lock): it is looked up by an index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table recon_files drop constraint recon_files_process_id_sha256_key`.execute(db);
  await sql`create unique index recon_files_content_idx on recon_files (process_id, sha256)
    where records_total is distinct from 0`.execute(db);
  // Each upload asks whether its name is in the process's inbox already.
  await sql`create index recon_files_name_idx on recon_files (process_id, file_name)`.execute(db);
}

/** Fails once two files of a process hold the same header alone, as 0010 refused. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index recon_files_name_idx`.execute(db);
  await sql`drop index recon_files_content_idx`.execute(db);
  await sql`alter table recon_files add constraint recon_files_process_id_sha256_key
    unique (process_id, sha256)`.execute(db);
}
