import { describe, expect, it } from 'vitest';
import { historyStatus, voucherStateKind } from './voucher-state';

describe('voucher state pill', () => {
  it.each([
    ['CREATED', 'success'],
    ['REDEEMABLE', 'success'],
    ['REDEMPTION_AUTHORISED', 'success'],
    ['REFUNDED', 'unavailable'],
    ['REDEEMED', 'unavailable'],
    ['ON_HOLD', 'incomplete'],
  ] as const)('draws %s as %s (active green, inactive grey, hold orange)', (state, kind) => {
    expect(voucherStateKind(state)).toBe(kind);
  });
});

describe('history status', () => {
  it('cuts the state to 15 characters', () => {
    expect(historyStatus('REDEMPTION_AUTHORISED')).toBe('REDEMPTION_AUTH');
    expect(historyStatus('ON_HOLD')).toBe('ON_HOLD');
  });
});
