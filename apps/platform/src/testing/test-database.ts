import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
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

/** A copy of the template with every seeded row removed: migrated, not seeded (for seed tests). */
export async function createUnseededTestDatabase(): Promise<DatabaseHandle> {
  const handle = await createTestDatabase('pglite');
  await handle.db.transaction().execute(async (tx) => {
    for (const table of [
      'metric_points',
      'saf_queues',
      'receiver_traffic',
      'receiver_changes',
      'receivers',
      'lb_services',
      'nodes',
      'instances',
      'refresh_tokens',
      'audit_log',
      'users',
      'role_permissions',
      'roles',
      'permissions',
      'app_settings',
    ] as const) {
      await tx.deleteFrom(table).execute();
    }
  });
  return handle;
}
