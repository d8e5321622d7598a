import { describe, expect, it } from 'vitest';
import {
  holdStatusBodySchema,
  redemptionRollBodySchema,
  rollableAuthorisationIdOf,
  voucherPagingOf,
  voucherPillKindOf,
  vouchersQuerySchema,
  VOUCHER_CARD_NUMBER_MESSAGE,
  type OrderDetailResponse,
  type Payout,
} from './vouchers.ts';

function payout(event: number, authorisationId: string): Payout {
  return {
    event,
    authorisationId,
    amount: { amount: 1000, currency: 'ZAR' },
    datetimeAuthorised: '2026-11-23T08:00:00.000Z',
    originator: { merchant: { merchantId: 'M1' }, terminalId: 'T1' },
    merchantName: { name: 'Shop', city: 'Durban', region: 'KwaZulu-Natal' },
    recipientId: null,
  };
}

function detail(state: OrderDetailResponse['order']['state'], payouts: Payout[]) {
  return {
    order: {
      reference: '1',
      customerId: 'C1',
      state,
      datetimeCreated: '2026-11-23T08:00:00.000Z',
      datetimeModified: '2026-11-23T08:00:00.000Z',
      amount: { amount: 0, currency: 'ZAR' },
    },
    payouts,
  };
}

describe('voucher rules', () => {
  it('colours the pill active, inactive or hold', () => {
    expect(voucherPillKindOf('CREATED')).toBe('active');
    expect(voucherPillKindOf('REDEEMABLE')).toBe('active');
    expect(voucherPillKindOf('REDEMPTION_AUTHORISED')).toBe('active');
    expect(voucherPillKindOf('REDEEMED')).toBe('inactive');
    expect(voucherPillKindOf('REFUNDED')).toBe('inactive');
    expect(voucherPillKindOf('ON_HOLD')).toBe('hold');
  });

  it('rolls only the most recent redemption, and only while REDEMPTION_AUTHORISED', () => {
    const payouts = [payout(2, 'older'), payout(4, 'newest'), payout(3, 'middle')];
    expect(rollableAuthorisationIdOf(detail('REDEMPTION_AUTHORISED', payouts))).toBe('newest');
    expect(rollableAuthorisationIdOf(detail('REDEEMABLE', payouts))).toBeNull();
    expect(rollableAuthorisationIdOf(detail('REDEMPTION_AUTHORISED', []))).toBeNull();
  });

  it('pages from offset, limit and the total', () => {
    expect(voucherPagingOf({ offset: 0, limit: 25 }, 60, 25)).toEqual({
      nextPage: 2,
      nrRecords: 60,
      range: '1-25',
    });
    expect(voucherPagingOf({ offset: 50, limit: 25 }, 60, 10)).toEqual({
      nextPage: null,
      nrRecords: 60,
      range: '51-60',
    });
    expect(voucherPagingOf({ offset: 0, limit: 25 }, 0, 0)).toEqual({
      nextPage: null,
      nrRecords: 0,
      range: '0-0',
    });
  });

  it('reads the search query with its defaults and refuses reversed or zoneless bounds', () => {
    expect(vouchersQuerySchema.parse({})).toEqual({ limit: 25, offset: 0 });
    expect(
      vouchersQuerySchema.safeParse({
        fromDatetime: '2026-11-23T10:00:00Z',
        toDatetime: '2026-11-23T09:00:00Z',
      }).success,
    ).toBe(false);
    expect(
      vouchersQuerySchema.safeParse({
        fromLastModifiedDatetime: '2026-11-23T10:00:00+02:00',
        toLastModifiedDatetime: '2026-11-23T09:00:00+01:00',
      }).success,
    ).toBe(true);
    expect(vouchersQuerySchema.safeParse({ fromDatetime: '2026-11-23T10:00:00' }).success).toBe(false);
  });

  it('refuses a card number as the reference, whole or in groups, and takes a reference of digits', () => {
    for (const orderReference of ['4111111111111111', '4111-1111-1111-1111']) {
      expect(vouchersQuerySchema.safeParse({ orderReference }).error?.issues[0]?.message).toBe(
        VOUCHER_CARD_NUMBER_MESSAGE,
      );
    }
    expect(vouchersQuerySchema.parse({ orderReference: 'MT-000123' }).orderReference).toBe('MT-000123');
    expect(vouchersQuerySchema.parse({ orderReference: '4111111111111112' }).orderReference).toBe(
      '4111111111111112',
    );
  });

  it('requires the reason of a hold and both fields of a roll', () => {
    expect(holdStatusBodySchema.safeParse({ onHold: true, reason: '  ' }).success).toBe(false);
    expect(redemptionRollBodySchema.safeParse({ supportId: 'SUP-1', comment: '' }).success).toBe(false);
    expect(redemptionRollBodySchema.safeParse({ supportId: '', comment: 'merchant confirmed' }).success).toBe(
      false,
    );
    expect(redemptionRollBodySchema.parse({ supportId: ' SUP-1 ', comment: 'ok' })).toEqual({
      supportId: 'SUP-1',
      comment: 'ok',
    });
  });
});
