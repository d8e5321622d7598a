import { sql, type Kysely } from 'kysely';

/**
 * The finance audit log's User filter finds a username whatever its case, as sign-in and the
 * reviews' requester do: its index is on the lowercased name (replacing 0016's on the name as kept).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index recon_audits_user_idx`.execute(db);
  await sql`create index recon_audits_user_idx
    on recon_audits (lower(username), audit_date desc, audit_id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index recon_audits_user_idx`.execute(db);
  await sql`create index recon_audits_user_idx
    on recon_audits (username, audit_date desc, audit_id desc)`.execute(db);
}
