import type { ColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export const APPROVAL_STATUSES = {
  pending: 'PENDING',
  approved: 'APPROVED',
  rejected: 'REJECTED',
} as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[keyof typeof APPROVAL_STATUSES];

/** A change a maker asked for; another user approves (and so applies) or rejects it. */
export interface ApprovalRequestsTable {
  request_id: ColumnType<string, string | undefined, never>;
  kind: string;
  scope: string;
  payload: ColumnType<unknown, string, never>;
  status: ApprovalStatus;
  /** null when the platform itself asked. */
  requested_by_id: string | null;
  requested_by: string;
  requested_at: Timestamp;
  /** JSON array of the ids of everyone whose changes the request holds; none may review it. */
  author_ids: ColumnType<unknown, string, never>;
  request_comment: string | null;
  reviewed_by_id: string | null;
  reviewed_by: string | null;
  reviewed_at: NullableTimestamp;
  review_comment: string | null;
}

export interface ApprovalsTables {
  approval_requests: ApprovalRequestsTable;
}

export type ApprovalRequestRow = Selectable<ApprovalRequestsTable>;
