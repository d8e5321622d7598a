import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('permissions')
    .addColumn('permission_id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('role_id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.role_id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (col) =>
      col.notNull().references('permissions.permission_id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission_id'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('user_id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('msisdn', 'text')
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role_id', 'integer', (col) => col.references('roles.role_id').onDelete('set null'))
    .addColumn('failed_login_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('disabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('users_role_id_idx').on('users').column('role_id').execute();
  await db.schema.createIndex('users_email_idx').on('users').column('email').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('family_id', 'uuid', (col) => col.notNull())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('issued_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();
  await db.schema
    .createIndex('refresh_tokens_expires_idx')
    .on('refresh_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('occurred_at', 'timestamptz', (col) => col.notNull())
    .addColumn('actor', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('detail', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('client_address', 'text')
    .execute();
  await db.schema.createIndex('audit_log_occurred_at_idx').on('audit_log').column('occurred_at').execute();
  await db.schema
    .createIndex('audit_log_actor_idx')
    .on('audit_log')
    .columns(['actor', 'occurred_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_action_idx')
    .on('audit_log')
    .columns(['action', 'occurred_at'])
    .execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'app_settings',
    'audit_log',
    'refresh_tokens',
    'users',
    'role_permissions',
    'roles',
    'permissions',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
