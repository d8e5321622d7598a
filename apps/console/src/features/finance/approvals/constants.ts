import { OWN_CHANGES_REVIEW_MESSAGE } from '@web-control/contract/approvals';
import type { ActionType } from '@web-control/contract/finance';

/** Specification 2, section 9. */
export const APPROVALS_PAGE_SIZE = 10;
/** The detail page's transactions: the generic default page size (section 9). */
export const APPROVAL_TRANSACTIONS_PAGE_SIZE = 25;

export const DECISION_LABELS = { approve: 'Approve', reject: 'Reject' } as const;

/**
 * Types whose request names a set of transactions a reviewer can look at. A LOAD_FILE has none
 * until it is approved, so it has no details page (section 2: "actions whose type has a details page").
 */
export const ACTION_TYPES_WITH_DETAILS: readonly ActionType[] = [
  'ACCEPT_TRANSACTIONS',
  'REJECT_TRANSACTIONS',
  'RESOLVE_TRANSACTIONS',
  'ROLLBACK_FILE',
  'RELOAD_FILE',
];

export const APPROVAL_DETAIL_TEXTS = {
  back: 'Back',
  filters: 'Filters',
  transactionsLabel: 'Transactions of the action',
  transactionsEmpty: 'No transactions match your query.',
  requestedBy: (username: string, date: string) => `Requested by ${username} on ${date}`,
  /** Why an approver sees no Approve or Reject: the requester made the request's changes. */
  ownChanges: OWN_CHANGES_REVIEW_MESSAGE,
  /** The catalogue's modal when the approval cannot be retrieved (section 8). */
  errorTitle: 'Oops!',
  errorText: 'Something went wrong while retrieving this approval. Contact support if the problem persists.',
} as const;
