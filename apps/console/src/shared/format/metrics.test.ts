import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCount,
  formatResponseTime,
  formatFileSize,
  formatShortCount,
  formatShare,
  formatSuccessRate,
  formatThroughput,
  formatTps,
} from './metrics';

describe('metric formatters', () => {
  it('shows TPS to 3 decimals with a decimal point', () => {
    expect(formatTps(12.3456)).toBe('12.346');
    expect(formatTps(0)).toBe('0.000');
    expect(formatTps(4)).toBe('4.000');
    expect(formatTps(1234.5)).toBe('1234.500');
  });

  it('shows response times to 2 decimals in ms', () => {
    expect(formatResponseTime(12.345)).toBe('12.35 ms');
    expect(formatResponseTime(7)).toBe('7.00 ms');
    expect(formatResponseTime(0.004)).toBe('0.00 ms');
  });

  it('never shows a negative zero', () => {
    expect(formatTps(-0.0001)).toBe('0.000');
    expect(formatResponseTime(-0.001)).toBe('0.00 ms');
  });

  it('shows a dash for a value that is not a number', () => {
    expect(formatTps(Number.NaN)).toBe('-');
    expect(formatResponseTime(Number.POSITIVE_INFINITY)).toBe('-');
    expect(formatCount(Number.NaN)).toBe('-');
  });

  it('groups whole counts the en-ZA way', () => {
    expect(formatCount(1234567).replace(/\s/g, ' ')).toBe('1 234 567');
    expect(formatCount(12)).toBe('12');
  });
});

describe('load balancer figures', () => {
  it('formats throughput to two decimals in requests per second', () => {
    expect(formatThroughput(12.5)).toBe('12.50 req/s');
    expect(formatThroughput(0)).toBe('0.00 req/s');
    expect(formatThroughput(1234.567)).toBe('1\u00a0234.57 req/s');
  });

  it('formats a success rate given in percent and a share given as a fraction', () => {
    expect(formatSuccessRate(99.5)).toBe('99.5%');
    expect(formatSuccessRate(100)).toBe('100.0%');
    expect(formatSuccessRate(99.95)).toBe('99.9%');
    expect(formatSuccessRate(99.999)).toBe('99.9%');
    expect(formatSuccessRate(99.94)).toBe('99.9%');
    expect(formatShare(0.75)).toBe('75.0%');
    expect(formatShare(1 / 3)).toBe('33.3%');
  });

  it('rounds shares and rates as Intl rounds percentages', () => {
    const percent = new Intl.NumberFormat('en-ZA', {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    for (let step = 0; step <= 2000; step += 1) {
      const fraction = step / 2000 - 0.0005;
      expect(formatShare(fraction), String(fraction)).toBe(percent.format(fraction).replace(',', '.'));
    }
    expect(formatSuccessRate(14.45)).toBe('14.5%');
  });
});

describe('finance figures', () => {
  it('abbreviates counts in lower-case short notation', () => {
    expect(formatShortCount(999)).toBe('999');
    expect(formatShortCount(1234)).toBe('1.2k');
    expect(formatShortCount(2_500_000)).toBe('2.5m');
    expect(formatShortCount(Number.NaN)).toBe('-');
  });

  it('writes file sizes in decimal units with one decimal, bytes as a count', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(999)).toBe('999 bytes');
    expect(formatFileSize(1000)).toBe('1.0 kB');
    expect(formatFileSize(2048)).toBe('2.0 kB');
    expect(formatFileSize(35_123_456)).toBe('35.1 MB');
    expect(formatFileSize(999_960)).toBe('1.0 MB');
    expect(formatFileSize(1_500_000_000)).toBe('1.5 GB');
    expect(formatFileSize(Number.NaN)).toBe('-');
  });

  it('writes short counts as Intl writes English compact notation, lower-cased', () => {
    const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
    const values = [0, -0, 0.04, 0.05, 12.34, 999.94, 999.95, 1000, -1234, 15_500, 999_949, 999_950];
    values.push(1.25e9, 999e12, 1e15, 1.234e18, 12_345_678);
    for (let exponent = 0; exponent < 16; exponent += 1)
      values.push(1.95 * 10 ** exponent, -7.05 * 10 ** exponent);
    for (const value of values) {
      expect(formatShortCount(value), String(value)).toBe(compact.format(value).toLowerCase());
    }
  });

  it('groups amounts with a space and keeps a decimal point', () => {
    expect(formatAmount(1234567.5)).toBe('1\u00a0234\u00a0567.5');
    expect(formatAmount(12.345)).toBe('12.35');
  });
});
