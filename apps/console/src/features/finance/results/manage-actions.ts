import type { ReconTransaction } from '@web-control/contract/finance';
import {
  allowedActionsOf,
  TRANSACTION_ACTIONS,
  type ReconQuery,
  type ReconSelection,
  type TransactionAction,
} from '@web-control/contract/finance-results';
import { statusOptionOf, type StatusOption } from './status-options';

/** What every selected row allows (the platform enforces the same rule). */
export function actionsForRows(transactions: readonly ReconTransaction[]): TransactionAction[] {
  if (transactions.length === 0) return [];
  return TRANSACTION_ACTIONS.filter((action) =>
    transactions.every((transaction) => allowedActionsOf(transaction).includes(action)),
  );
}

/**
 * By filter, the status radio says what the set can hold: unmatched may be accepted or rejected,
 * partially matched resolved or rejected, matched and issue rejected. All transactions mixes them:
 * each action then applies to the filtered transactions that allow it, as the platform does.
 */
const BY_FILTER: Record<StatusOption, TransactionAction[]> = {
  UNMATCHED: ['accept', 'reject'],
  PARTIAL: ['resolve', 'reject'],
  MATCHED: ['reject'],
  ISSUE: ['reject'],
  ALL: ['accept', 'reject', 'resolve'],
};

export function actionsForFilter(query: ReconQuery): TransactionAction[] {
  return BY_FILTER[statusOptionOf(query)];
}

/** The query without its paging: what a by-filter action and Download All select. */
export function selectionOf(query: ReconQuery): ReconSelection {
  return {
    matchStatus: query.matchStatus,
    settlementStatus: query.settlementStatus,
    filters: query.filters,
    sortBy: query.sortBy,
  };
}
