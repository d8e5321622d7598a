import {
  VOUCHER_STATE_TEXT_LENGTH,
  voucherPillKindOf,
  type VoucherPillKind,
  type VoucherState,
} from '@web-control/contract/vouchers';
import type { StateKind } from '../../shared/ui/state-pill';

// The contract's colour rule (section 4) drawn with the console's pill kinds.
const PILL_KINDS: Record<VoucherPillKind, StateKind> = {
  active: 'success',
  inactive: 'unavailable',
  hold: 'incomplete',
};

export function voucherStateKind(state: VoucherState): StateKind {
  return PILL_KINDS[voucherPillKindOf(state)];
}

/** The history's status: the state cut to 15 characters (section 9). */
export function historyStatus(state: VoucherState): string {
  return state.slice(0, VOUCHER_STATE_TEXT_LENGTH);
}
