import { sql, type Kysely } from 'kysely';

/**
 * Why a file's load failed (shown in the inbox beside ERROR), and how many times its load has
 * started, counted before each start so that a load that never ends (the instance killed each
 * time) stops being resumed after a few.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table recon_files add column load_error text`.execute(db);
  await sql`alter table recon_files add column load_attempts integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table recon_files drop column load_attempts`.execute(db);
  await sql`alter table recon_files drop column load_error`.execute(db);
}
