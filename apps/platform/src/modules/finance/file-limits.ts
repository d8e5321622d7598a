/**
 * What one line of a party's file may hold, checked while it is read, before anything reaches the
 * database: a row over a limit is an exception like any other bad row. Every loader uses these.
 */

/**
 * The most bytes (UTF-8) of one cell. A text value is indexed for the results' filters, and
 * PostgreSQL refuses an index entry over about 2.7 kB, so the database must never see a larger one.
 */
export const FINANCE_CELL_MAX_BYTES = 1024;

/** The most bytes of one line (a record, quoted line breaks included). */
export const FINANCE_LINE_MAX_BYTES = 64 * 1024;

/** The most bytes of a record's key fields together (as the indexed match key), under the same index limit. */
export const FINANCE_KEY_MAX_BYTES = 2048;

/** The most bytes of a reason kept with an exception or a failed load (the parser's own can quote a whole cell). */
export const FINANCE_REASON_MAX_BYTES = 500;

/** The reasons of rows refused by a limit, in the exceptions' words ("amount is not a whole number"). */
export const FILE_LIMIT_REASONS = {
  lineTooLong: `The line is longer than ${FINANCE_LINE_MAX_BYTES} bytes`,
  cellTooLong: (column: string) => `${column} is longer than ${FINANCE_CELL_MAX_BYTES} bytes`,
  keyTooLong: `The key fields together are longer than ${FINANCE_KEY_MAX_BYTES} bytes`,
  nul: 'The line holds a NUL character (byte 0), which cannot be stored',
} as const;

const NUL = '\u0000';
/** What a NUL becomes in an exception's stored text. */
const NUL_STAND_IN = '\uFFFD';

/** A text from the file (or about it) as the database can hold it: no NUL, and at most `maxBytes` bytes. */
export function storableText(text: string, maxBytes: number): string {
  return Buffer.from(text.replaceAll(NUL, NUL_STAND_IN), 'utf8').subarray(0, maxBytes).toString('utf8');
}

/** Why a line (its raw text and cells, the header's names) breaks a limit, or undefined. */
export function lineLimitProblem(
  raw: string,
  cells: readonly string[],
  names: readonly string[],
): string | undefined {
  // A UTF-16 unit is at most 3 UTF-8 bytes: a short line needs no byte count.
  if (raw.length * 3 > FINANCE_LINE_MAX_BYTES && Buffer.byteLength(raw, 'utf8') > FINANCE_LINE_MAX_BYTES) {
    return FILE_LIMIT_REASONS.lineTooLong;
  }
  if (raw.includes(NUL)) {
    return FILE_LIMIT_REASONS.nul;
  }
  if (raw.length * 3 > FINANCE_CELL_MAX_BYTES) {
    const index = cells.findIndex((cell) => Buffer.byteLength(cell, 'utf8') > FINANCE_CELL_MAX_BYTES);
    if (index !== -1) {
      return FILE_LIMIT_REASONS.cellTooLong(names[index] ?? `Column ${index + 1}`);
    }
  }
  return undefined;
}
