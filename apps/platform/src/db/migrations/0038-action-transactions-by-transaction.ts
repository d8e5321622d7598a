import { sql, type Kysely } from 'kysely';

/**
 * The actions a transaction is in: a request looks up whether its transactions already wait in
 * another action, and an approval whether another action changed them since. It also serves the
 * cascade that removes a rolled-back transaction from the action sets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index recon_action_transactions_transaction_idx
    on recon_action_transactions (transaction_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index recon_action_transactions_transaction_idx`.execute(db);
}
