import { mkdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type CompiledQuery, type LogEvent, type PostgresPool } from 'kysely';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { errorCode, StartupError } from '../startup-error.ts';
import { SECOND_MS } from '../time.ts';
import { binaryTextValues, inlineParameters } from './copy-out.ts';
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
  /** Adds a listener of every query's duration and, on PGlite, of each wait for its connection. */
  observe: (observer: DatabaseObserver) => void;
  /** The connections now: open (lent or idle), idle, and callers waiting for one. */
  poolUse: () => PoolUse;
  /**
   * Runs `COPY … FROM STDIN` (PostgreSQL, through pg-copy-streams) or `COPY … FROM '/dev/blob'`
   * (PGlite) with `data` as its input, on a connection of its own outside any transaction.
   */
  copyIn: (statement: CopyStatement, data: string) => Promise<void>;
  /**
   * The values of a query of one text column, back to back, as bytes, read as the caller takes
   * them, one snapshot: PostgreSQL's `COPY (query) TO STDOUT` (binary) on a connection of its own;
   * on PGlite, whose COPY TO writes one Blob of everything, a cursor in a transaction.
   */
  copyOut: (query: CompiledQuery) => AsyncIterable<Buffer>;
}

export interface DatabaseObserver {
  query?(durationMs: number, failed: boolean): void;
  /** PGlite: how long a caller waited for its one connection. */
  queueWait?(durationMs: number): void;
}

export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** Observers added after the database opened (the app's metrics), told of what Kysely and the pool see. */
function createObservers() {
  const observers: DatabaseObserver[] = [];
  return {
    observe: (observer: DatabaseObserver) => {
      observers.push(observer);
    },
    log: (event: LogEvent) => {
      for (const observer of observers) observer.query?.(event.queryDurationMillis, event.level === 'error');
    },
    queueWait: (durationMs: number) => {
      for (const observer of observers) observer.queueWait?.(durationMs);
    },
  };
}

/** A COPY into a table, its source left out: `COPY t (a, b) FROM {source} WITH (FORMAT csv)`. */
export interface CopyStatement {
  table: string;
  columns: readonly string[];
  options: string;
}

function copySql(statement: CopyStatement, source: string): string {
  const columns = statement.columns.map((column) => `"${column}"`).join(', ');
  return `copy "${statement.table}" (${columns}) from ${source} with (${statement.options})`;
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
  const observers = createObservers();
  const db: Db = new Kysely({
    dialect: new PostgresDialect({ pool: markingConnectFailures(pool), controlClient: pg.Client }),
    log: observers.log,
  });
  const copyIn = async (statement: CopyStatement, data: string) => {
    const client = await pool.connect();
    try {
      await pipeline(Readable.from([data]), client.query(copyFrom(copySql(statement, 'stdin'))));
    } finally {
      client.release();
    }
  };
  async function* copyOut(query: CompiledQuery): AsyncGenerator<Buffer> {
    const client = await pool.connect();
    let done = false;
    try {
      // The client's reading pace sets the COPY's length, so the statement timeout does not apply.
      await client.query('begin transaction read only');
      await client.query('set local statement_timeout = 0');
      const copy = client.query(copyTo(`copy (${inlineParameters(query)}) to stdout with (format binary)`));
      yield* binaryTextValues(copy);
      await client.query('commit');
      done = true;
    } finally {
      // A COPY left midway (the download's client went away) would leave the connection unusable.
      client.release(done ? undefined : true);
    }
  }
  return {
    db,
    kind: 'postgres',
    location: hidePassword(databaseUrl),
    close: () => db.destroy(),
    observe: observers.observe,
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    copyIn,
    copyOut,
  };
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
  const observers = createObservers();
  const pool = new PGlitePool(database, observers.queueWait);
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }), log: observers.log });
  return {
    db,
    kind: 'pglite',
    location,
    close: () => db.destroy(),
    observe: observers.observe,
    poolUse: () => pool.use(),
    copyIn: (statement, data) => pool.copyFromBlob(copySql(statement, `'/dev/blob'`), new Blob([data])),
    copyOut: (query) => pool.cursorText(query),
  };
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
