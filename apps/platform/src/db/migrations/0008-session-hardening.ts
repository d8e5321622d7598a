import { sql, type Kysely } from 'kysely';

/**
 * Session hardening: a refresh-token family remembers when it started (the absolute session
 * lifetime), a user's authorization version ends access tokens issued before a role change,
 * and the hashes of earlier passwords refuse their reuse. Single sign-on identities linked by
 * preferred_username (a claim the user controls) are unlinked: they link again by verified e-mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').addColumn('family_started_at', 'timestamptz').execute();
  await sql`update refresh_tokens set family_started_at = issued_at`.execute(db);
  await db.schema
    .alterTable('refresh_tokens')
    .alterColumn('family_started_at', (col) => col.setNotNull())
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('authz_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('password_history')
    .addColumn('entry_id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('replaced_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('password_history_user_idx')
    .on('password_history')
    .columns(['user_id', 'entry_id'])
    .execute();

  await sql`delete from user_identities where linked_by = 'username'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_history').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('authz_version').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('family_started_at').execute();
}
