import type { StateKind } from '../../shared/ui/state-pill';
import { HISTORY_STATUS_LENGTH } from './constants';

/** Section 4's three pill colours. */
export type VoucherTone = 'active' | 'inactive' | 'hold';

const ACTIVE = new Set(['CREATED', 'REDEEMABLE', 'REDEMPTION_AUTHORISED']);
const INACTIVE = new Set(['REFUNDED', 'REDEEMED']);

/** Active for CREATED, REDEEMABLE, REDEMPTION_AUTHORISED; inactive for REFUNDED, REDEEMED; hold otherwise. */
export function voucherTone(state: string): VoucherTone {
  if (ACTIVE.has(state)) return 'active';
  if (INACTIVE.has(state)) return 'inactive';
  return 'hold';
}

const TONE_KINDS: Record<VoucherTone, StateKind> = {
  active: 'success',
  inactive: 'unavailable',
  hold: 'incomplete',
};

export function voucherStateKind(state: string): StateKind {
  return TONE_KINDS[voucherTone(state)];
}

/** The history's status: the state cut to 15 characters (section 9). */
export function historyStatus(state: string): string {
  return state.slice(0, HISTORY_STATUS_LENGTH);
}
