import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Lends PGlite's single connection to one Kysely connection at a time. Kysely runs a transaction
 * as several queries on one borrowed connection; without the queue, a second request's queries
 * would land inside the first one's transaction.
 */
export class PGlitePool implements PostgresPool {
  readonly options = {};
  readonly #database: PGlite;
  #tail: Promise<void> = Promise.resolve();
  #ended = false;

  constructor(database: PGlite) {
    this.#database = database;
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
    await previous;
    // PGlite runs on this thread and its queries resolve as microtasks: a loop of transactions
    // (the first start's history) would never let the event loop read a waiting request.
    await nextTurn();
    return createClient(this.#database, release);
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
