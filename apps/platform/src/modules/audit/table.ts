import type { ColumnType, Generated, JSONColumnType } from 'kysely';

export interface AuditLogTable {
  // bigint: pg hands it back as a string, PGlite as a number.
  id: Generated<string | number>;
  occurred_at: ColumnType<Date, Date, never>;
  actor: string | null;
  action: string;
  outcome: string;
  detail: JSONColumnType<Record<string, unknown>>;
  client_address: string | null;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
