import type { ColumnType, Generated } from 'kysely';
import type { VersionState } from '@web-control/contract/config-maps';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface ConfigMapsTable {
  map_id: string;
  /** What people read; the id is what the switch and the addresses refer to. */
  name: string;
  created_at: Timestamp;
  created_by: string;
  /** The seq the next submitted version gets; unsubmitted changes are rows at this seq. */
  next_seq: Generated<number>;
  /** 0 while nothing was applied. */
  applied_seq: Generated<number>;
  pushed_seq: number | null;
  pushed_at: NullableTimestamp;
}

export interface ConfigMapVersionsTable {
  version_id: string;
  map_id: string;
  seq: number;
  state: VersionState;
  submitted_by: string;
  submitted_at: Timestamp;
  comment: string;
  reviewed_by: string | null;
  reviewed_at: NullableTimestamp;
  review_comment: string | null;
}

/** A mapping valid from from_seq up to (not including) to_seq; to_seq null: valid now. */
export interface ConfigMapEntriesTable {
  map_id: string;
  key: string;
  value: string;
  from_seq: number;
  to_seq: number | null;
}

/** Who changed the mappings of a map's version (seq), its submitter included: none of them may review it. */
export interface ConfigMapAuthorsTable {
  map_id: string;
  seq: number;
  user_id: string;
  username: string;
}

export interface ConfigClientsTable {
  client_id: string;
  /** SHA-256 (hex) of the client's random secret; null until a secret is issued. */
  secret_hash: string | null;
  created_at: Timestamp;
}

export interface ConfigClientMapsTable {
  client_id: string;
  map_id: string;
  applied_version_id: string | null;
  last_ack_version_id: string | null;
  last_ack_status: 'applied' | 'rejected' | null;
  log_time: NullableTimestamp;
  log_message: string | null;
}

export interface ConfigMapsTables {
  config_maps: ConfigMapsTable;
  config_map_versions: ConfigMapVersionsTable;
  config_map_entries: ConfigMapEntriesTable;
  config_map_authors: ConfigMapAuthorsTable;
  config_clients: ConfigClientsTable;
  config_client_maps: ConfigClientMapsTable;
}
