import { sql, type Kysely } from 'kysely';

/**
 * The settlement job picks the matched PENDING transactions that have no run yet, a batch at a
 * time: this index holds exactly those, so a batch never walks the ones already in a run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index recon_transactions_unsettled_pending_idx
    on recon_transactions (process_id, transaction_id)
    where match_status = 'MATCHED' and settlement_status = 'PENDING' and settlement_run_id is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index recon_transactions_unsettled_pending_idx`.execute(db);
}
