import type { BenchDatabase } from '../platform.ts';

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
