import { inertCsvValue } from '@web-control/contract/finance-results';

/** A file's refused rows as CSV: line, reason, row (each cell made inert for spreadsheets). */
export function exceptionsCsv(
  exceptions: ReadonlyArray<{ line: number; reason: string; raw: string }>,
): Buffer {
  const quote = (value: string) => `"${inertCsvValue(value).replaceAll('"', '""')}"`;
  const lines = [
    'line,reason,row',
    ...exceptions.map((row) => `${row.line},${quote(row.reason)},${quote(row.raw)}`),
  ];
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}
