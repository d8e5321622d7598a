/** Cells a spreadsheet would read as a formula start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell, quoted; a cell that would start a formula gets a leading apostrophe, so a file
 * opened in a spreadsheet shows the text instead of running it (the security baseline's rule).
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}
