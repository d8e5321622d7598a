import { describe, expect, it } from 'vitest';
import { formatDateTimeSeconds } from '../../shared/format/dates';
import { formatVoucherDate } from './voucher-format';

describe('voucher dates', () => {
  it("shows date-times as 'ddd Do MMM 'YY HH:mm:ss' and days as DD/MM/YYYY", () => {
    const local = new Date(2026, 1, 3, 14, 5, 9);
    expect(formatDateTimeSeconds(local)).toBe("Tue 3rd Feb '26 14:05:09");
    expect(formatVoucherDate(local)).toBe('03/02/2026');
  });
});
