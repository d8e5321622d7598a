import { describe, expect, it } from 'vitest';
import { addressWithoutCardNumbers } from './card-numbers-in-address';

describe('addressWithoutCardNumbers', () => {
  it('leaves an address without a card number alone', () => {
    expect(addressWithoutCardNumbers('/dashboard/transactions', '?reference=081520213294&page=2')).toBeNull();
    expect(
      addressWithoutCardNumbers('/dashboard/transactions/6f1c2b1e-8f1a-4d7e-9a3b-2c4d5e6f7a8b', ''),
    ).toBeNull();
    expect(addressWithoutCardNumbers('/dashboard/transactions', '?card=411111******1111')).toBeNull();
  });

  it('masks a card number in the query, written whole or in groups, keeping the other values', () => {
    expect(
      addressWithoutCardNumbers('/dashboard/transactions', '?reference=4111111111111111&service=svc-1'),
    ).toBe('/dashboard/transactions?reference=411111******1111&service=svc-1');
    expect(addressWithoutCardNumbers('/dashboard/reviews', '?requester=4111%201111%201111%201111')).toBe(
      '/dashboard/reviews?requester=411111******1111',
    );
    expect(addressWithoutCardNumbers('/dashboard/admin/users', '?q=walk-4111111111111111')).toBe(
      '/dashboard/admin/users?q=walk-411111******1111',
    );
  });

  it('masks a card number in the path, escaped or not', () => {
    expect(addressWithoutCardNumbers('/dashboard/transactions/4111111111111111', '')).toBe(
      `/dashboard/transactions/${encodeURIComponent('411111******1111')}`,
    );
    expect(addressWithoutCardNumbers('/dashboard/vouchers/4111%201111%201111%201111', '?x=1')).toBe(
      `/dashboard/vouchers/${encodeURIComponent('411111******1111')}?x=1`,
    );
  });
});
