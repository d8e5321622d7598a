import type { TransactionAction } from '@web-control/contract/finance-results';
import { formatCount } from '../../../shared/format/metrics';

/** Texts of the Recon results tab (specification 2, sections 2, 8 and 9). */
export const RESULTS_TABLE_LABEL = 'Transactions';

export const RESULTS_MESSAGES = {
  empty: 'No transactions match your query.',
  failed:
    'Oops! Something went wrong while retrieving recon results. Contact support if the problem persists.',
  actionSubmitted: 'Action submitted successfully.',
  /** A by-filter action holds only what may be changed and waits in no other action. */
  actionHoldsFewer: (held: number, selected: number) =>
    `Action submitted successfully. It holds ${formatCount(held)} of the ${formatCount(selected)} selected transactions: the others may not be changed this way, or already wait for approval in another action.`,
  actionFailed: (status: number | undefined) =>
    status === undefined ? 'Something went wrong.' : `Something went wrong (code ${status}).`,
  linkUnreadable: (reason: string) =>
    `This link's filters could not be read, so all transactions are shown. ${reason}.`,
} as const;

export const SELECT_ALL_TRANSACTIONS = 'Select all transactions';
export const CLEAR_SELECTION = 'Clear selection';
export const MANAGE_SELECTED = 'Manage selected';
export const DOWNLOAD_ALL = 'Download All';
export const TRY_AGAIN = 'Try again';

export const ACTION_LABELS: Record<TransactionAction, string> = {
  accept: 'Accept',
  reject: 'Reject',
  resolve: 'Resolve',
};

function transactions(count: number): string {
  return count === 1 ? 'transaction' : 'transactions';
}

/**
 * The by-filter confirmation (section 9): accept applies to the unmatched transactions of the
 * filter, reject to the pending or issue ones (the platform skips the rest).
 */
export function byFilterConfirmText(action: 'accept' | 'reject'): string {
  return `Are you sure you want to ${action} all filtered ${action === 'accept' ? 'unmatched' : 'pending/issue'} transactions?`;
}

/** The confirmation for selected rows, which the specification does not quote. */
export function byKeyConfirmText(action: 'accept' | 'reject', count: number): string {
  return `Are you sure you want to ${action} ${count} selected ${transactions(count)}?`;
}

export const CORRECT_PARTY = 'Correct party';
/** Specification 1, section 5: the select-party form's party is required. */
export const SELECT_PARTY = 'Please select a party';

export function resolveText(count: number): string {
  return `Select which party you would like to mark as correct for ${count} partially matched ${transactions(count)}.`;
}

export const MATCH_STATUS_LABELS = {
  MATCHED: 'Matched',
  UNMATCHED: 'Unmatched',
  PARTIALLY_MATCHED: 'Partially matched',
  REJECTED: 'Rejected',
} as const;

export const SETTLEMENT_STATUS_LABELS = { PENDING: 'Pending', ISSUE: 'Issue', SETTLED: 'Settled' } as const;

/** The fixed columns' headers; Matched, Party and Settlement only with more than one party. */
export const FIXED_COLUMN_HEADERS = {
  id: 'ID',
  matchStatus: 'Matched',
  settlementStatus: 'Settlement',
  score: 'Score',
  party: 'Party',
} as const;

/** Beside the value of the party a resolve marked correct, where the parties disagree. */
export const CORRECT_PARTY_MARK = 'marked correct';
