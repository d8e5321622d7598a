import type { Action } from '@web-control/contract/finance';

const TRANSACTION_VERBS = {
  ACCEPT_TRANSACTIONS: 'Accept',
  REJECT_TRANSACTIONS: 'Reject',
  RESOLVE_TRANSACTIONS: 'Resolve',
} as const;
const FILE_VERBS = { LOAD_FILE: 'Load', RELOAD_FILE: 'Reload', ROLLBACK_FILE: 'Rollback' } as const;

/** 'Accept 1 transaction', 'Reject 3 transactions', 'Rollback file bank.csv' (section 9). */
export function describeAction(action: Pick<Action, 'type' | 'meta'>): string {
  const { type, meta } = action;
  if (type === 'LOAD_FILE' || type === 'RELOAD_FILE' || type === 'ROLLBACK_FILE') {
    return `${FILE_VERBS[type]} file ${meta.fileName ?? ''}`.trimEnd();
  }
  const count = meta.transactionCount ?? 0;
  return `${TRANSACTION_VERBS[type]} ${count} transaction${count === 1 ? '' : 's'}`;
}

/** 'Are you sure you want to approve alice's request to Load file bank.csv?' (section 9). */
export function reviewQuestion(decision: 'approve' | 'reject', action: Action): string {
  return `Are you sure you want to ${decision} ${action.username}'s request to ${describeAction(action)}?`;
}
