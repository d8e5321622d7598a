import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { openPGlite, openPostgres, type DatabaseHandle, type DatabaseKind } from '../db/connection.ts';
import { runAdmin, withDatabase } from './postgres-admin.ts';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_KINDS: DatabaseKind[] =
  inject('postgresTemplate') === null ? ['pglite'] : ['pglite', 'postgres'];

/** A fresh copy of the migrated, seeded template; close() throws the copy away. */
export async function createTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const dump = await readFile(inject('pgliteTemplatePath'));
    return openPGlite(new PGlite({ loadDataDir: new Blob([dump]) }));
  }
  const template = inject('postgresTemplate');
  if (template === null) {
    throw new Error('TEST_DATABASE_URL is not set');
  }
  const name = `web_control_test_${randomBytes(6).toString('hex')}`;
  await runAdmin(template.url, `create database ${name} template ${template.database}`);
  const handle = openPostgres(withDatabase(template.url, name));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await runAdmin(template.url, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Kysely's own bookkeeping: which migrations ran. */
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/** A copy of the template with every row of every table removed: migrated, not seeded (for seed tests). */
export async function createUnseededTestDatabase(): Promise<DatabaseHandle> {
  const handle = await createTestDatabase('pglite');
  // The tables come from the schema itself, so a module's new table is emptied too.
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = current_schema() and tablename not in (${sql.join(MIGRATION_TABLES)})
  `.execute(handle.db);
  const tables = rows.map((row) => sql.id(row.tablename));
  await sql`truncate table ${sql.join(tables)}`.execute(handle.db);
  return handle;
}
