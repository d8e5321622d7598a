import type { ActionType, AuditStatus } from '@web-control/contract/finance';

export const AUDITS_TITLE = 'Audit Log';
/** Specification 2, section 9. */
export const AUDITS_PAGE_SIZE = 50;
export const AUDITS_PAGE_SIZES = [50, 100, 200, 500] as const;
/** Filter changes re-fetch after this wait (specification 2, sections 4 and 9). */
export const AUDITS_DEBOUNCE_MS = 1000;

export const AUDITS_MESSAGES = {
  failed: 'Failed to fetch audit log',
  empty: 'No log entries found',
  waitingForRange: 'Correct the dates to see the audit log.',
  waitingForUser: 'Correct or clear User to see the audit log.',
} as const;

export const UNREVIEWED = 'Unreviewed';
/** An action's request and its outcome are two rows; both name the action by its id's first 6 characters. */
export const ACTION_REFERENCE_LENGTH = 6;
export const actionReference = (actionId: string) => `action ${actionId.slice(0, ACTION_REFERENCE_LENGTH)}`;

/**
 * The audit types the filter offers: the specification's, in its order (section 3), then a reload,
 * which the log records too and would otherwise have no way to be found.
 */
export const AUDIT_TYPES = [
  'REJECT_TRANSACTIONS',
  'ACCEPT_TRANSACTIONS',
  'RESOLVE_TRANSACTIONS',
  'LOAD_FILE',
  'ROLLBACK_FILE',
  'RELOAD_FILE',
] as const satisfies readonly ActionType[];

/** How the filter and the Event column name each type. */
export const AUDIT_TYPE_LABELS: Record<ActionType, string> = {
  REJECT_TRANSACTIONS: 'Reject transactions',
  ACCEPT_TRANSACTIONS: 'Accept transactions',
  RESOLVE_TRANSACTIONS: 'Resolve transactions',
  LOAD_FILE: 'Load file',
  ROLLBACK_FILE: 'Rollback file load',
  RELOAD_FILE: 'Reload file',
};

export const AUDIT_STATUS_LABELS: Record<AuditStatus, string> = {
  REGISTERED: 'Registered',
  SUCCESS: 'Success',
  ERROR: 'Failed',
  REJECTED: 'Rejected',
};
