import { describe, expect, it } from 'vitest';
import { AUTH_ID, OLD_AUTH_ID, redeemableVoucher, stuckVoucher } from '../voucher-fixtures';
import { groupHistory } from './voucher-history';

describe('voucher history', () => {
  it('groups transitions into events, newest event first, steps oldest first', () => {
    const events = groupHistory(stuckVoucher());
    expect(events.map((event) => event.event)).toEqual([3, 2, 1]);
    expect(events.map((event) => event.steps.map((step) => step.action))).toEqual([
      ['AUTHORISE_REDEMPTION'],
      ['AUTHORISE_REDEMPTION', 'CONFIRM_REDEMPTION'],
      ['CREATE', 'CONFIRM_PAYMENT'],
    ]);
  });

  it('shows each event by its latest step, with the money it moved', () => {
    const [latest, earlier, purchase] = groupHistory(stuckVoucher());
    expect(earlier).toMatchObject({
      state: 'REDEEMABLE',
      actionDescription: 'Redemption confirmed',
      datetimeUpdated: '2026-02-04T08:30:05.000Z',
      eventAmount: { amount: 20000, currency: 'ZAR' },
    });
    expect(purchase).toMatchObject({ state: 'REDEEMABLE', eventAmount: { amount: 50000, currency: 'ZAR' } });
    expect(latest?.eventAmount).toEqual({ amount: 30000, currency: 'ZAR' });
  });

  it('gives the purchase the payment and each redemption its payout and transaction', () => {
    const [latest, earlier, purchase] = groupHistory(stuckVoucher());
    expect(purchase?.payment?.merchantName.name).toBe('Main Branch');
    expect(purchase?.isRedemption).toBe(false);
    expect(purchase?.authorisationId).toBeNull();
    expect(earlier).toMatchObject({ isRedemption: true, authorisationId: OLD_AUTH_ID });
    expect(latest).toMatchObject({ isRedemption: true, authorisationId: AUTH_ID });
    expect(latest?.payment?.merchantName.name).toBe('Corner Spaza');
  });

  it('enables roll back and forward only on the latest redemption while REDEMPTION_AUTHORISED', () => {
    expect(groupHistory(stuckVoucher()).map((event) => event.rollable)).toEqual([true, false, false]);
    const confirmed = stuckVoucher();
    confirmed.order.state = 'REDEEMED';
    expect(groupHistory(confirmed).some((event) => event.rollable)).toBe(false);
  });

  it('has no redemption events before the first redemption', () => {
    const [purchase, ...others] = groupHistory(redeemableVoucher());
    expect(others).toEqual([]);
    expect(purchase).toMatchObject({ isRedemption: false, rollable: false });
  });
});
