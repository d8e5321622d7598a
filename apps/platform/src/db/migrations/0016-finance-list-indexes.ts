import { sql, type Kysely } from 'kysely';

/**
 * The approvals list and the audit log at scale (bench: a process with a million recon
 * transactions, 100 000 actions, 200 000 audit entries). Approved and rejected actions are read
 * in request order from their own partial indexes, whose predicates are the list's status
 * filters, so neither the page nor its count sorts or scans every action; the audit log filtered
 * by user reads that user's entries newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index recon_actions_approved_idx on recon_actions (process_id, created_at, action_id)
    where status in ('SUCCESS', 'ERROR')`.execute(db);
  await sql`create index recon_actions_rejected_idx on recon_actions (process_id, created_at, action_id)
    where status = 'REJECTED'`.execute(db);
  await sql`create index recon_audits_user_idx on recon_audits (username, audit_date desc, audit_id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['recon_audits_user_idx', 'recon_actions_rejected_idx', 'recon_actions_approved_idx']) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
}
