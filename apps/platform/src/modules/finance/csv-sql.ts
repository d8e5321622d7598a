import { sql, type RawBuilder } from 'kysely';

// CSV cells written by the database, so a download or an extract of any size never passes
// through the platform's memory a row at a time.

/** The contract's inertCsvValue in SQL: a leading quote mark where a spreadsheet would see a formula. */
export function inertSql(value: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(case when ${value} ~ E'^[-=+@\\t\\r]' and ${value} !~ '^-[0-9]+([.][0-9]+)?$' then ''''
    else '' end) || ${value}`;
}

/** The contract's csvCell in SQL, on a text never null: made inert, then quoted when needed. */
export function csvCellSql(value: RawBuilder<unknown>): RawBuilder<unknown> {
  // Most cells need neither: one test lets them through as they are. Quoting goes around the
  // quote mark too; the mark itself never asks for quoting.
  return sql`case when ${value} !~ E'^[-=+@\\t\\r]|[",\\r\\n]' then ${value}
    when ${value} ~ E'[",\\r\\n]' then '"' || replace(${inertSql(value)}, '"', '""') || '"'
    else ${inertSql(value)} end`;
}

/** A cell always quoted, made inert first. */
export function quotedCellSql(value: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`'"' || replace(${inertSql(value)}, '"', '""') || '"'`;
}
