import { describe, expect, it } from 'vitest';
import { isVoucherReferenceLookup } from './find-vouchers-by-reference';

describe('voucher reference lookup', () => {
  it('looks up one word of 4 characters or more', () => {
    expect(isVoucherReferenceLookup('349484427333')).toBe(true);
    expect(isVoucherReferenceLookup(' MT-1 ')).toBe(true);
  });

  it('leaves short texts, several words and over-long references alone', () => {
    expect(isVoucherReferenceLookup('349')).toBe(false);
    expect(isVoucherReferenceLookup('load bal')).toBe(false);
    expect(isVoucherReferenceLookup('9'.repeat(65))).toBe(false);
  });
});
