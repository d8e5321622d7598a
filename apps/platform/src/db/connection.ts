import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type PostgresPool } from 'kysely';
import pg from 'pg';
import { errorCode, StartupError } from '../startup-error.ts';
import { SECOND_MS } from '../time.ts';
import { lockDataFolder, notWritable } from './data-folder-lock.ts';
import { PGlitePool } from './pglite-pool.ts';
import type { Db } from './schema.ts';
import { markConnectFailure } from './unavailable.ts';

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
  /** PostgreSQL: how long a connection may take to open; 0 waits for ever. */
  databaseConnectTimeoutSeconds?: number | undefined;
  /** PostgreSQL: how long one statement may run; 0 lets it run for ever. */
  databaseStatementTimeoutSeconds?: number | undefined;
}

export interface PostgresTimeouts {
  connectTimeoutSeconds?: number | undefined;
  statementTimeoutSeconds?: number | undefined;
}

/**
 * PostgreSQL when a URL is given (checked with one query, so a wrong URL fails here with one
 * clear line), otherwise embedded PGlite under DATA_DIR/pglite, with DATA_DIR locked to this process.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl !== undefined) {
    const handle = openPostgres(options.databaseUrl, {
      connectTimeoutSeconds: options.databaseConnectTimeoutSeconds,
      statementTimeoutSeconds: options.databaseStatementTimeoutSeconds,
    });
    try {
      await sql`select 1`.execute(handle.db);
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw unreachable(handle.location, options.databaseConnectTimeoutSeconds, error);
    }
    return handle;
  }
  const lock = await lockDataFolder(options.dataDir);
  const folder = path.join(options.dataDir, 'pglite');
  try {
    try {
      await mkdir(folder, { recursive: true });
    } catch (error) {
      throw notWritable(options.dataDir, error);
    }
    const handle = await openPGlite(new PGlite(folder), folder);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

export function openPostgres(databaseUrl: string, timeouts: PostgresTimeouts = {}): DatabaseHandle {
  const connectSeconds = timeouts.connectTimeoutSeconds ?? 0;
  const statementSeconds = timeouts.statementTimeoutSeconds ?? 0;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: connectSeconds * SECOND_MS,
    // The server cancels a long statement; the client gives up a little later on a server that
    // stopped answering altogether.
    statement_timeout: statementSeconds * SECOND_MS,
    query_timeout: statementSeconds === 0 ? 0 : (statementSeconds + connectSeconds + 1) * SECOND_MS,
  });
  // An idle connection the server ends (a restart, a terminated backend, a closing pool racing a
  // dropped database) has already been discarded by the pool; the next query opens a new one.
  // Without a listener Node would treat the pool's 'error' event as a crash.
  pool.on('error', () => undefined);
  // The same for a connection lent out when the server ends it: its query fails with the error
  // (the caller's answer is 503), and the pool drops the connection when it is handed back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db: Db = new Kysely({
    dialect: new PostgresDialect({ pool: markingConnectFailures(pool), controlClient: pg.Client }),
  });
  return { db, kind: 'postgres', location: hidePassword(databaseUrl), close: () => db.destroy() };
}

/** The pool as Kysely uses it; a connection it cannot lend means the database is unavailable (503). */
function markingConnectFailures(pool: pg.Pool): PostgresPool {
  return {
    options: pool.options,
    connect: () =>
      pool.connect().catch((error: unknown) => {
        throw markConnectFailure(error);
      }),
    end: () => pool.end(),
  };
}

/** One line for a DATABASE_URL the platform cannot use. */
function unreachable(
  location: string,
  connectTimeoutSeconds: number | undefined,
  error: unknown,
): StartupError {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const reason =
    code === 'ECONNREFUSED'
      ? 'the connection was refused'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'the host was not found'
        : /timeout/i.test(message)
          ? `no answer within ${String(connectTimeoutSeconds ?? 0)} s`
          : message.split('\n')[0];
  return new StartupError(
    `Could not connect to the database at DATABASE_URL (${location}): ${reason}. Check DATABASE_URL, or unset it to use the embedded database.`,
  );
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
