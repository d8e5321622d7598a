import type { ColumnType } from 'kysely';

export interface ExportTokensTable {
  token_hash: string;
  user_id: string;
  username: string;
  list: string;
  query: ColumnType<unknown, string, never>;
  expires_at: ColumnType<Date, Date, Date>;
}

export interface ExportsTables {
  export_tokens: ExportTokensTable;
}
