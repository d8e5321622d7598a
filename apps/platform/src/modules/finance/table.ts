import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  ActionType,
  AuditStatus,
  FieldType,
  FileStatus,
  MatchStatus,
  SettlementStatus,
} from '@web-control/contract/finance';
import type { SettlementRunStatus } from '@web-control/contract/finance-settlements';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface ReconProcessesTable {
  process_id: number;
  name: string;
  display_name: string;
}

export interface ReconPartiesTable {
  process_id: number;
  party_id: number;
  name: string;
  /** A regular expression the party's file names match. */
  file_pattern: string;
  /** The file's column name to the process field it fills. */
  columns: ColumnType<Record<string, string>, string, string>;
}

export interface ReconFieldsTable {
  process_id: number;
  position: number;
  name: string;
  display_name: string;
  type: FieldType;
  reconcilable: boolean;
  is_key: boolean;
  is_money: boolean;
  currency_field: string | null;
}

export interface ReconFilesTable {
  file_id: Generated<number>;
  process_id: number;
  party_id: number;
  file_name: string;
  sha256: string;
  /** Its bytes, kept in recon_file_chunks. */
  size_bytes: ColumnType<string | number, number, number>;
  status: FileStatus;
  records: number | null;
  exceptions: number | null;
  created_at: Timestamp;
  loaded_at: NullableTimestamp;
  /** Why the last load failed; null once a load commits. */
  load_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** Loads of the current approval started (counted before each starts). */
  load_attempts: ColumnType<number, number | undefined, number>;
  /** Lines after the header when stored: what its load reads towards. */
  records_total: ColumnType<number | null, number | null | undefined, number | null>;
  /** Records its load has read so far (null before a load starts). */
  records_read: ColumnType<number | null, number | null | undefined, number | null>;
  /** When its loader last showed life: a silent one's load is taken over. */
  load_heartbeat_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ReconFileChunksTable {
  file_id: number;
  position: number;
  bytes: Buffer;
}

/** A load's rows between COPY and their move into records and exceptions. */
export interface ReconLoadRowsTable {
  file_id: number;
  attempt: number;
  line: number;
  reason: string | null;
  raw: string | null;
  match_key: string | null;
  fields: string | null;
}

export interface ReconExceptionsTable {
  file_id: number;
  line: number;
  reason: string;
  raw: string;
}

export interface ReconRecordsTable {
  record_id: Generated<string>;
  file_id: number;
  process_id: number;
  party_id: number;
  /** The key fields' values as one JSON array text: equal keys are one recon transaction. */
  match_key: string;
  /** The other reconcilable fields' values, in field order, compared across parties. */
  compare_values: string[];
  fields: ColumnType<Record<string, string>, string, string>;
}

export interface ReconTransactionsTable {
  /** bigint: PostgreSQL's driver gives it as text. */
  transaction_id: Generated<string | number>;
  process_id: number;
  match_key: string;
  created_at: Timestamp;
  match_status: MatchStatus;
  settlement_status: SettlementStatus;
  score: number;
  /** An approved action's decision: a re-match leaves the transaction as it was decided. */
  decision: ColumnType<
    'ACCEPTED' | 'REJECTED' | 'RESOLVED' | null,
    never,
    'ACCEPTED' | 'REJECTED' | 'RESOLVED'
  >;
  /** The party a resolve named correct: its record gives the transaction's values. */
  resolved_party_id: ColumnType<number | null, never, number | null>;
  settlement_run_id: ColumnType<number | null, never, number | null>;
}

/** The value of each field a transaction shows, typed for indexed filters and sorts. */
export interface ReconTransactionValuesTable {
  transaction_id: string | number;
  process_id: number;
  field: string;
  text_value: string | null;
  number_value: string | null;
  time_value: Date | null;
}

export interface ReconActionTransactionsTable {
  action_id: string;
  transaction_id: string | number;
}

export interface ReconSettlementRunsTable {
  run_id: Generated<number>;
  process_id: number;
  /** The UTC day the run settles. */
  business_date: ColumnType<Date, string, string>;
  status: SettlementRunStatus;
  start_date: Timestamp;
  end_date: NullableTimestamp;
  closed_by: string | null;
  transaction_count: number | null;
  report: Buffer | null;
}

export interface ReconSettlementAggregatesTable {
  run_id: number;
  position: number;
  name: string;
  currency: string;
  amount: ColumnType<string, string | number, string | number>;
  transaction_count: number;
}

export interface ReconExtractsTable {
  extract_id: Generated<number>;
  process_id: number | null;
  file_name: string;
  created_at: Timestamp;
  content: Buffer;
  /** What the extract is of (e.g. a run's report): written once even when a job runs again. */
  dedupe_key: string;
}

export interface ReconExtractTagsTable {
  extract_id: number;
  tag_id: string;
  value: string;
}

export interface ReconActionsTable {
  action_id: string;
  process_id: number;
  type: ActionType;
  file_id: number | null;
  file_name: string | null;
  records: number | null;
  username: string;
  comment: string;
  created_at: Timestamp;
  status: AuditStatus;
  reviewer_username: string | null;
  reviewed_at: NullableTimestamp;
  selection_type: ColumnType<string | null, string | null | undefined, string | null>;
  request_url: ColumnType<string | null, string | null | undefined, string | null>;
  transaction_count: ColumnType<number | null, number | null | undefined, number | null>;
  party_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ReconAuditsTable {
  /** bigint: PostgreSQL's driver gives it as text. */
  audit_id: Generated<string | number>;
  action_id: string;
  process_id: number;
  audit_date: Timestamp;
  username: string;
  reviewer_username: string | null;
  type: ActionType;
  status: AuditStatus;
}

export interface FinanceJobsTable {
  name: string;
  /** The job's cron expression (UTC). */
  schedule: string;
  last_runtime: NullableTimestamp;
  last_successful_runtime: NullableTimestamp;
  /** Set while an instance runs the job: the claim that keeps other instances out. */
  running_since: NullableTimestamp;
}

export interface FinanceJobRunsTable {
  /** bigint: PostgreSQL's driver gives it as text. */
  run_id: Generated<string | number>;
  name: string;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
  status: 'RUNNING' | 'SUCCESS' | 'ERROR';
  message: string | null;
}

export interface FinanceTables {
  finance_jobs: FinanceJobsTable;
  finance_job_runs: FinanceJobRunsTable;
  recon_processes: ReconProcessesTable;
  recon_parties: ReconPartiesTable;
  recon_fields: ReconFieldsTable;
  recon_files: ReconFilesTable;
  recon_file_chunks: ReconFileChunksTable;
  recon_load_rows: ReconLoadRowsTable;
  recon_exceptions: ReconExceptionsTable;
  recon_records: ReconRecordsTable;
  recon_transactions: ReconTransactionsTable;
  recon_actions: ReconActionsTable;
  recon_audits: ReconAuditsTable;
  recon_transaction_values: ReconTransactionValuesTable;
  recon_action_transactions: ReconActionTransactionsTable;
  recon_settlement_runs: ReconSettlementRunsTable;
  recon_settlement_aggregates: ReconSettlementAggregatesTable;
  recon_extracts: ReconExtractsTable;
  recon_extract_tags: ReconExtractTagsTable;
}

export type ReconFileRow = Selectable<ReconFilesTable>;
export type ReconActionRow = Selectable<ReconActionsTable>;
