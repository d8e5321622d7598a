import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One Idempotency-Key of one user on one route; status_code null while its request runs. */
export interface IdempotencyKeysTable {
  user_id: string;
  method: string;
  route: string;
  idempotency_key: string;
  /** SHA-256 of the method, URL and canonical JSON body of the first request. */
  request_hash: string;
  status_code: number | null;
  /** The first answer's JSON body; null while running or when it had none. */
  response_body: ColumnType<unknown, string | null, string | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: Timestamp;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}
