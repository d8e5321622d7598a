import { sql, type Kysely } from 'kysely';

/** Single sign-on: the transactions a redirect starts, and the external identities linked to users. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sso_transactions')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('sso_transactions_expires_idx')
    .on('sso_transactions')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('user_identities')
    .addColumn('identity_id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('linked_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz')
    .addUniqueConstraint('user_identities_issuer_subject_key', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user_idx').on('user_identities').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_identities').ifExists().execute();
  await db.schema.dropTable('sso_transactions').ifExists().execute();
}
