import type { ColumnType, Generated } from 'kysely';
import type { ServiceData } from '@web-control/contract/transactions';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
// bigint: pg hands it back as a string, PGlite as a number.
type Seq = ColumnType<string | number, never, never>;

export interface ServiceTypesTable {
  service_type_id: string;
  service_desc: string;
  lb_service_id: string | null;
  traffic_share: Generated<number>;
  position: Generated<number>;
}

export interface OriginatorTypesTable {
  originator_type_id: string;
  originator_desc: string;
  position: Generated<number>;
}

/** One leg of a transaction; seq is the insertion order. */
export interface TransactionsTable {
  seq: Seq;
  uuid: string;
  reference_number: string;
  originator_type_id: string;
  originator_id: string;
  service_type_id: string;
  service_desc: string;
  receiver_id: string | null;
  receiver_name: string | null;
  server_desc: string;
  tran_state: string;
  time_started: Timestamp;
  time_completed: ColumnType<Date | null, Date | string | null, Date | string | null>;
  uuid_prev: string | null;
  uuid_next: string | null;
  service_data: ColumnType<ServiceData | null, string | null, string | null>;
  /** DE 11 of a card leg (the service data's STAN of others); null on legs recorded before. */
  stan: ColumnType<string | null, string | null | undefined, string | null>;
  /** A card leg's first 6 and last 4 card digits, the only ones stored. */
  card_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TransactionMessagesTable {
  transaction_seq: ColumnType<string | number, number | string, never>;
  /** The leg's start time: the day partition's key, so a leg's messages share its partition. */
  time_started: ColumnType<Date, Date | string, never>;
  position: number;
  edge_name: string;
  edge_type: 'INLET' | 'OUTLET';
  direction: 'SEND' | 'RECEIVE';
  nr_repeats: number;
  content: string;
  message_desc: string;
  time_created: Timestamp;
}

export interface TransactionsTables {
  service_types: ServiceTypesTable;
  originator_types: OriginatorTypesTable;
  transactions: TransactionsTable;
  transaction_messages: TransactionMessagesTable;
}
