import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlitePool } from './pglite-pool.ts';
import type { Db } from './schema.ts';

export type DatabaseKind = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** Where the data lives: the PGlite folder, or the PostgreSQL URL without its password. */
  location: string;
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite under DATA_DIR/pglite. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl !== undefined) {
    return openPostgres(options.databaseUrl);
  }
  const folder = path.join(options.dataDir, 'pglite');
  await mkdir(folder, { recursive: true });
  return openPGlite(new PGlite(folder), folder);
}

export function openPostgres(databaseUrl: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', location: hidePassword(databaseUrl), close: () => db.destroy() };
}

/** Wraps an already created PGlite instance (tests hand in one loaded from a template dump). */
export async function openPGlite(database: PGlite, location = 'memory'): Promise<DatabaseHandle> {
  await database.waitReady;
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool: new PGlitePool(database) }) });
  return { db, kind: 'pglite', location, close: () => db.destroy() };
}

function hidePassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password !== '') {
      url.password = '***';
    }
    return url.toString();
  } catch {
    return 'postgres';
  }
}
