import { sql } from 'kysely';
import type { CopyStatement } from '../../db/connection.ts';
import type { DbExecutor } from '../../db/schema.ts';
import type { ReadRow } from './loader.ts';
import { tuneForBulk } from './matching-repository.ts';

/** What COPY writes: a load's rows as read, each a record (no reason) or an exception. */
export const LOAD_ROWS_COPY: CopyStatement = {
  table: 'recon_load_rows',
  columns: ['file_id', 'attempt', 'line', 'reason', 'raw', 'match_key', 'fields'],
  options: 'format text',
};

const COPY_TEXT_SPECIAL = /[\\\t\n\r]/;
const COPY_TEXT_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * A value as COPY's text format reads it (null as \N). Text rather than CSV: a record's match key
 * and fields are JSON, full of quotes CSV doubles on every row, while text needs no escape for most
 * values (the test finds them): a million rows' lines took 1.2 s instead of 2.5 s (decision 0050).
 */
function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return COPY_TEXT_SPECIAL.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => COPY_TEXT_ESCAPES[c] ?? c)
    : value;
}

/** One row of a load as a line of COPY's input. */
export function loadRowLine(fileId: number, attempt: number, row: ReadRow): string {
  const head = `${fileId}\t${attempt}\t${row.line}\t`;
  return 'record' in row
    ? `${head}\\N\t\\N\t${copyText(row.record.matchKey)}\t${copyText(JSON.stringify(row.record.fields))}\n`
    : `${head}${copyText(row.exception.reason)}\t${copyText(row.exception.raw)}\t\\N\t\\N\n`;
}

/**
 * Keys a re-match statement takes at a time: a million-key file re-matched in one statement would
 * outlast DATABASE_STATEMENT_TIMEOUT_SECONDS; in slices it stays one transaction all the same.
 */
export const REMATCH_KEY_BATCH = 50_000;
/** Staged lines a move of records takes at a time (each slice reads the staged rows once). */
const MOVE_LINE_BATCH = 250_000;

/** What a load writes: a file's records and exceptions, replaced as a whole from its staged rows. */
export function createLoadRepository() {
  return {
    /**
     * The keys a load touches, in its transaction, one slice of them (by their number): every key,
     * and those that may be gone (an old key the new records lack).
     */
    keySlice(from: number) {
      const slice = sql`n > ${from} and n <= ${from + REMATCH_KEY_BATCH}`;
      return {
        touched: sql`select match_key from recon_load_keys where ${slice}`,
        mayBeGone: sql`select match_key from recon_load_keys where gone and ${slice}`,
      };
    },

    /** The highest number of a touched key (0 for none): slices run up to it. */
    async lastKeyNumber(tx: DbExecutor): Promise<number> {
      const result = await sql<{
        last: number | string | null;
      }>`select max(n) as last from recon_load_keys`.execute(tx);
      return Number(result.rows[0]?.last ?? 0);
    },

    /** Drops what earlier attempts of a file's load staged (a load that died leaves its rows). */
    async clearStaged(executor: DbExecutor, fileId: number): Promise<void> {
      await executor.deleteFrom('recon_load_rows').where('file_id', '=', fileId).execute();
    },

    /**
     * Gives the space of staged rows a load deleted back (outside any transaction): every load's
     * statements scan the staging table, so dead rows left for autovacuum (PGlite has none) would
     * be read by the next load; and once no load is staging, the table is truncated to nothing.
     */
    async vacuumStaged(executor: DbExecutor): Promise<void> {
      await sql`vacuum recon_load_rows`.execute(executor);
    },

    /** Drops one attempt's staged rows: a loader that lost its file to another leaves nothing. */
    async clearAttempt(executor: DbExecutor, fileId: number, attempt: number): Promise<void> {
      await executor
        .deleteFrom('recon_load_rows')
        .where('file_id', '=', fileId)
        .where('attempt', '=', attempt)
        .execute();
    },

    /**
     * Replaces a file's records and exceptions with the rows its attempt staged, in the caller's
     * transaction, set-based: the old records go (their keys kept for the re-match), the good rows
     * become records in file order, the others exceptions. Leaves the touched keys in
     * recon_load_keys (dropped at commit) and gives the counts.
     */
    async replaceFromStaged(
      tx: DbExecutor,
      load: { fileId: number; attempt: number; processId: number; partyId: number; compareFields: string[] },
    ): Promise<{ records: number; exceptions: number }> {
      const { fileId, attempt } = load;
      await tuneForBulk(tx);
      // No key index: a million keys inserted through one (in a session's 8 MB of temp_buffers)
      // took 16 s; the keys are distinct by how they are inserted, and slices read them by n.
      await sql`create temp table recon_load_keys (match_key text not null, gone boolean not null,
        n serial) on commit drop`.execute(tx);
      const old = await sql`
        with old as (delete from recon_records where file_id = ${fileId} returning match_key)
        insert into recon_load_keys (match_key, gone) select distinct match_key, true from old
      `.execute(tx);
      await tx.deleteFrom('recon_exceptions').where('file_id', '=', fileId).execute();
      const compareValues =
        load.compareFields.length === 0
          ? sql`cast(array[] as text[])`
          : sql`array[${sql.join(load.compareFields.map((field) => sql`coalesce(fields ->> ${field}, '')`))}]`;
      const lines = await sql<{ last: number | null }>`
        select max(line) as last from recon_load_rows where file_id = ${fileId} and attempt = ${attempt}
      `.execute(tx);
      // In slices of lines, in file order: one statement for a million rows could outlast the timeout.
      for (let from = 0; from < (lines.rows[0]?.last ?? 0); from += MOVE_LINE_BATCH) {
        await sql`
          insert into recon_records (file_id, process_id, party_id, match_key, compare_values, fields)
          select ${fileId}, ${load.processId}, ${load.partyId}, match_key, ${compareValues}, fields
          from recon_load_rows
          where file_id = ${fileId} and attempt = ${attempt} and reason is null
            and line > ${from} and line <= ${from + MOVE_LINE_BATCH}
          order by line
        `.execute(tx);
      }
      await sql`
        insert into recon_exceptions (file_id, line, reason, raw)
        select ${fileId}, line, reason, raw
        from recon_load_rows
        where file_id = ${fileId} and attempt = ${attempt} and reason is not null
      `.execute(tx);
      // Fresh statistics, or the statements below plan for a table they believe empty.
      await sql`analyze recon_load_keys`.execute(tx);
      const staged = sql`select match_key from recon_load_rows
        where file_id = ${fileId} and attempt = ${attempt} and reason is null`;
      // An old key the new rows bring back is not gone; the other new keys are added once each.
      if (Number(old.numAffectedRows ?? 0) > 0) {
        await sql`
          update recon_load_keys k set gone = false
          where k.match_key in (${staged})
        `.execute(tx);
      }
      await sql`
        insert into recon_load_keys (match_key, gone)
        select distinct s.match_key, false from (${staged}) s
        where not exists (select 1 from recon_load_keys k where k.match_key = s.match_key)
      `.execute(tx);
      await sql`create index on recon_load_keys (n)`.execute(tx);
      await sql`analyze recon_load_keys`.execute(tx);
      const counts = await sql<{ records: string | number; exceptions: string | number }>`
        select count(*) filter (where reason is null) as records,
          count(*) filter (where reason is not null) as exceptions
        from recon_load_rows where file_id = ${fileId} and attempt = ${attempt}
      `.execute(tx);
      const [row] = counts.rows;
      return { records: Number(row?.records ?? 0), exceptions: Number(row?.exceptions ?? 0) };
    },

    /** Removes a file's records and gives the keys they had, for re-matching. */
    async deleteRecordsOf(executor: DbExecutor, fileId: number): Promise<string[]> {
      const rows = await executor
        .deleteFrom('recon_records')
        .where('file_id', '=', fileId)
        .returning('match_key')
        .execute();
      return [...new Set(rows.map((row) => row.match_key))];
    },
  };
}

export type LoadRepository = ReturnType<typeof createLoadRepository>;
