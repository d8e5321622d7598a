import { sql, type Kysely } from 'kysely';

/**
 * Users created by an administrator have no password until they follow their enrolment link;
 * reset and enrolment links are single-use tokens stored only as digests. Usernames and role
 * names are unique regardless of case.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .alterColumn('password_hash', (col) => col.dropNotNull())
    .execute();

  await db.schema
    .createTable('password_tokens')
    .addColumn('token_id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('reset', 'enrolment')`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('password_tokens_user_idx').on('password_tokens').column('user_id').execute();

  await db.schema
    .createIndex('users_username_lower_key')
    .on('users')
    .unique()
    .column(sql`lower(username)`)
    .execute();
  await db.schema
    .createIndex('roles_name_lower_key')
    .on('roles')
    .unique()
    .column(sql`lower(name)`)
    .execute();
  await db.schema
    .createIndex('users_email_lower_idx')
    .on('users')
    .column(sql`lower(email)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_email_lower_idx').ifExists().execute();
  await db.schema.dropIndex('roles_name_lower_key').ifExists().execute();
  await db.schema.dropIndex('users_username_lower_key').ifExists().execute();
  await db.schema.dropTable('password_tokens').ifExists().execute();
  // Users who never chose a password get an unusable hash before the column is required again.
  await sql`update users set password_hash = '!' where password_hash is null`.execute(db);
  await db.schema
    .alterTable('users')
    .alterColumn('password_hash', (col) => col.setNotNull())
    .execute();
}
