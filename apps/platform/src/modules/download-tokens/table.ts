import type { ColumnType } from 'kysely';

/** A single-use download token, by its hash; it names one subject: a file, an extract or a list. */
export interface DownloadTokensTable {
  token_hash: string;
  user_id: string;
  username: string;
  file_id: number | null;
  extract_id: number | null;
  list: string | null;
  query: ColumnType<unknown, string | null, never>;
  expires_at: ColumnType<Date, Date, Date>;
}

export interface DownloadTokensTables {
  download_tokens: DownloadTokensTable;
}
