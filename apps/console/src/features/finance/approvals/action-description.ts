import { describeAction, type Action } from '@web-control/contract/finance-actions';

/** 'Are you sure you want to approve alice's request to Load file bank.csv?' (section 9). */
export function reviewQuestion(decision: 'approve' | 'reject', action: Action): string {
  return `Are you sure you want to ${decision} ${action.username}'s request to ${describeAction(action)}?`;
}
