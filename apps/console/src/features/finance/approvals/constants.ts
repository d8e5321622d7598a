import { OWN_CHANGES_REVIEW_MESSAGE } from '@web-control/contract/approvals';
import { SELECTION_TYPES } from '@web-control/contract/finance-results';

/** Specification 2, section 9. */
export const APPROVALS_PAGE_SIZE = 10;
/** The detail page's transactions: the generic default page size (section 9). */
export const APPROVAL_TRANSACTIONS_PAGE_SIZE = 25;

/** The selection type pill (specification 2, section 2) in the operator's words; another type as it is. */
const SELECTION_TYPE_LABELS: Record<string, string> = {
  [SELECTION_TYPES.byKey]: 'Chosen transactions',
  [SELECTION_TYPES.byFilter]: 'By filter',
};

export function selectionTypeLabel(selectionType: string): string {
  return SELECTION_TYPE_LABELS[selectionType] ?? selectionType;
}

export const DECISION_LABELS = { approve: 'Approve', reject: 'Reject' } as const;

export const APPROVAL_DETAIL_TEXTS = {
  back: 'Back',
  filters: 'Filters',
  transactionsLabel: 'Transactions of the action',
  transactionsEmpty: 'No transactions match your query.',
  fileLabel: 'File',
  loaded: (records: string, exceptions: string) =>
    `${records} record${records === '1' ? '' : 's'}, ${exceptions} exception${exceptions === '1' ? '' : 's'}`,
  /** A file waiting for its load has no transactions yet: what approving does instead. */
  loadsWhenApproved: 'Its records are read when the load is approved; the Inbox shows the progress.',
  requestedBy: (username: string, date: string) => `Requested by ${username} on ${date}`,
  /** A resolve: the party its requester marked correct, whose values the transactions take. */
  correctParty: (party: string) => `Party marked correct: ${party}`,
  /** An action reviewed already (opened again by Back or a link): who decided, and when. */
  reviewed: (status: 'approved' | 'rejected', reviewer: string | null, date: string | null) =>
    `This request was ${status}${reviewer === null ? '' : ` by ${reviewer}`}${date === null ? '' : ` on ${date}`}: there is nothing left to review.`,
  /** Why an approver sees no Approve or Reject: the requester made the request's changes. */
  ownChanges: OWN_CHANGES_REVIEW_MESSAGE,
  /** The catalogue's modal when the approval cannot be retrieved (section 8). */
  errorTitle: 'Oops!',
  errorText: 'Something went wrong while retrieving this approval. Contact support if the problem persists.',
} as const;
