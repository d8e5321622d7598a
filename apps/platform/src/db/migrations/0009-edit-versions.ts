import type { Kysely } from 'kysely';

/**
 * Edit versions: users, roles and receivers each count their administrative changes, so a save
 * made against an older version (If-Match) is refused instead of silently overwriting a newer one.
 */
const VERSIONED_TABLES = ['users', 'roles', 'receivers'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await db.schema.alterTable(table).dropColumn('version').execute();
  }
}
