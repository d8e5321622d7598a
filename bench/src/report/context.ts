import type { ListFigure } from '../finance.ts';
import type { BenchDatabase, Latency } from '../platform.ts';

/** What every section of the report is written with. */
export interface ReportContext {
  /** The line under each part's heading: when, and by which command. */
  measuredLine: string;
  /** A figure over its budget is told here; a run with any fails. */
  failures: string[];
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** Bytes as whole megabytes (MiB), as the report writes memory and sizes. */
export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
export const ms = (value: number) => value.toFixed(1);

/** The database as a section's heading names it. */
export const databaseName = (database: BenchDatabase) =>
  database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)';

/**
 * A latency row's last cells (p50, p95, max, budget, verdict); a p95 over its budget is told as a
 * failure of `what` (the part, the database and the scenario).
 */
export function latencyCells(
  context: ReportContext,
  what: string,
  figure: Latency,
  budget: number | undefined,
): string {
  const over = budget !== undefined && figure.p95 > budget;
  if (over) context.failures.push(`${what}: p95 ${ms(figure.p95)} ms is over ${budget.toString()} ms`);
  const verdict = budget === undefined ? 'baseline' : over ? 'over' : 'ok';
  return `${ms(figure.p50)} ms | ${ms(figure.p95)} ms | ${ms(figure.max)} ms | ${budget === undefined ? '–' : `${budget.toString()} ms`} | ${verdict} |`;
}

/** A list call's row (scenario, rows, total, then latencyCells'). */
export function listCallRow(
  context: ReportContext,
  part: string,
  database: BenchDatabase,
  figure: ListFigure,
  budget: number | undefined,
): string {
  const what = `${part} on ${database.kind}, ${figure.scenario}`;
  return `| ${figure.scenario} | ${figure.rows.toString()} | ${figure.total.toLocaleString('en')} | ${latencyCells(context, what, figure, budget)}`;
}
