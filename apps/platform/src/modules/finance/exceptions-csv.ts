import { sql, type RawBuilder } from 'kysely';
import type { DbExecutor } from '../../db/schema.ts';
import { quotedCellSql } from './csv-sql.ts';

// A file's refused rows as CSV: line, reason, row, each line ending in LF, reason and row quoted
// and made inert for spreadsheets. Written by the database: a file of a million refused rows
// never passes through the platform's memory whole.

const EXCEPTIONS_CSV_HEADER = 'line,reason,row\n';
/** The line numbers a download reads in one statement. */
const DOWNLOAD_LINE_SPAN = 10_000;

/** One exception's line, of `recon_exceptions e`. */
const EXCEPTION_LINE = sql`e.line::text || ',' || ${quotedCellSql(sql.ref('e.reason'))} || ','
  || ${quotedCellSql(sql.ref('e.raw'))} || E'\\n'`;

/** The whole CSV of a file's exceptions as one bytea value, for the outbox's extract. */
export function exceptionsCsvSql(fileId: number): RawBuilder<Buffer> {
  return sql`(select convert_to(${EXCEPTIONS_CSV_HEADER} || coalesce(string_agg(${EXCEPTION_LINE}, '' order by e.line), ''),
    'UTF8') from recon_exceptions e where e.file_id = ${fileId})`;
}

/**
 * A file's exceptions CSV for a download: the header, then the lines a span of line numbers at a
 * time, each span one short statement, so neither the memory nor (on PGlite) the one connection
 * is held at the client's pace. A reload that commits midway gives the later spans its rows.
 */
export async function* exceptionsCsvOf(
  db: DbExecutor,
  fileId: number,
  span = DOWNLOAD_LINE_SPAN,
): AsyncGenerator<Buffer> {
  yield Buffer.from(EXCEPTIONS_CSV_HEADER, 'utf8');
  const bounds = await sql<{ first: number | null; last: number | null }>`
    select min(line) as first, max(line) as last from recon_exceptions where file_id = ${fileId}
  `.execute(db);
  const { first, last } = bounds.rows[0] ?? { first: null, last: null };
  if (first === null || last === null) return;
  for (let from = first - 1; from < last; from += span) {
    const lines = await sql<{ line: string }>`
      select ${EXCEPTION_LINE} as line from recon_exceptions e
      where e.file_id = ${fileId} and e.line > ${from} and e.line <= ${from + span}
      order by e.line
    `.execute(db);
    if (lines.rows.length > 0) yield Buffer.from(lines.rows.map((row) => row.line).join(''), 'utf8');
  }
}
