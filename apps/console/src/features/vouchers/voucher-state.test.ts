import { describe, expect, it } from 'vitest';
import { historyStatus, voucherStateKind, voucherTone } from './voucher-state';

describe('voucher state pill', () => {
  it.each([
    ['CREATED', 'active'],
    ['REDEEMABLE', 'active'],
    ['REDEMPTION_AUTHORISED', 'active'],
    ['REFUNDED', 'inactive'],
    ['REDEEMED', 'inactive'],
    ['ON_HOLD', 'hold'],
    ['SOMETHING_NEW', 'hold'],
  ])('%s reads as %s', (state, tone) => {
    expect(voucherTone(state)).toBe(tone);
  });

  it('draws active green, inactive grey and hold orange', () => {
    expect(voucherStateKind('REDEEMABLE')).toBe('success');
    expect(voucherStateKind('REDEEMED')).toBe('unavailable');
    expect(voucherStateKind('ON_HOLD')).toBe('incomplete');
  });
});

describe('history status', () => {
  it('cuts the state to 15 characters', () => {
    expect(historyStatus('REDEMPTION_AUTHORISED')).toBe('REDEMPTION_AUTH');
    expect(historyStatus('REDEMPTION_AUTH')).toBe('REDEMPTION_AUTH');
    expect(historyStatus('ON_HOLD')).toBe('ON_HOLD');
  });
});
