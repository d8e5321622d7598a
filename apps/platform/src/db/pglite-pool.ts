import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { CompiledQuery, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/** Rows a cursor read fetches at a time. */
const CURSOR_BATCH = 1000;

/**
 * Lends PGlite's single connection to one Kysely connection at a time. Kysely runs a transaction
 * as several queries on one borrowed connection; without the queue, a second request's queries
 * would land inside the first one's transaction.
 */
export class PGlitePool implements PostgresPool {
  readonly options = {};
  readonly #database: PGlite;
  readonly #onWait: (durationMs: number) => void;
  #tail: Promise<void> = Promise.resolve();
  #ended = false;
  #waiting = 0;
  #lent = false;

  constructor(database: PGlite, onWait: (durationMs: number) => void = () => undefined) {
    this.#database = database;
    this.#onWait = onWait;
  }

  /** In the shape of pg's pool: its one connection, idle or lent, and the callers queued for it. */
  use(): { total: number; idle: number; waiting: number } {
    return { total: 1, idle: this.#lent ? 0 : 1, waiting: this.#waiting };
  }

  async connect(): Promise<PostgresPoolClient> {
    if (this.#ended) {
      throw new Error('The PGlite pool has been closed');
    }
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => released);
    const queuedAt = performance.now();
    this.#waiting += 1;
    try {
      await previous;
      // PGlite runs on this thread and its queries resolve as microtasks: a loop of transactions
      // (the first start's history) would never let the event loop read a waiting request.
      await nextTurn();
    } finally {
      this.#waiting -= 1;
    }
    this.#onWait(performance.now() - queuedAt);
    this.#lent = true;
    return createClient(this.#database, () => {
      this.#lent = false;
      release();
    });
  }

  /** Runs a `COPY … FROM '/dev/blob'` on the connection in its turn, with the blob as its input. */
  async copyFromBlob(statement: string, blob: Blob): Promise<void> {
    const client = await this.connect();
    try {
      await this.#database.query(statement, [], { blob });
    } finally {
      client.release();
    }
  }

  /**
   * The values of a query's one text column as bytes, through a cursor in one transaction on the
   * connection (held until the last row is read or the reader stops), CURSOR_BATCH rows a fetch.
   */
  async *cursorText(query: CompiledQuery): AsyncGenerator<Buffer> {
    const client = await this.connect();
    let open = false;
    try {
      await this.#database.query('begin transaction read only');
      open = true;
      await this.#database.query(`declare text_rows no scroll cursor for ${query.sql}`, [
        ...query.parameters,
      ]);
      for (;;) {
        const batch = await this.#database.query<[string | null]>(
          `fetch ${CURSOR_BATCH.toString()} from text_rows`,
          [],
          { rowMode: 'array' },
        );
        if (batch.rows.length === 0) break;
        yield Buffer.from(batch.rows.map((row) => row[0] ?? '').join(''));
      }
      await this.#database.query('commit');
      open = false;
    } finally {
      if (open) await this.#database.query('rollback');
      client.release();
    }
  }

  async end(): Promise<void> {
    this.#ended = true;
    await this.#tail;
    await this.#database.close();
  }
}

function createClient(database: PGlite, release: () => void): PostgresPoolClient {
  let released = false;
  const query = async <R>(
    sql: string,
    parameters: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> => {
    const result = await database.query<R>(sql, [...parameters]);
    return {
      command: (result.command ?? 'SELECT') as PostgresQueryResult<R>['command'],
      rowCount: result.rowCount ?? result.affectedRows ?? 0,
      rows: result.rows,
    };
  };
  return {
    query: query as PostgresPoolClient['query'],
    release: () => {
      // Releasing twice would let two borrowers in at once.
      if (!released) {
        released = true;
        release();
      }
    },
  };
}
