import { afterEach, describe, expect, it, vi } from 'vitest';

describe('number formatters', () => {
  afterEach(() => vi.restoreAllMocks());

  // The first Intl object a page makes sets up ICU in one long task (decision 0040).
  it('write counts, figures and rand amounts without making an Intl format', async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, 'NumberFormat');
    const metrics = await import('./metrics');
    const { formatCurrency, formatMajorAmount } = await import('./currency');

    expect(metrics.formatCount(1234567)).toBe('1\u00a0234\u00a0567');
    expect(metrics.formatThroughput(12.5)).toBe('12.50 req/s');
    expect(metrics.formatShare(0.755)).toBe('75.5%');
    expect(metrics.formatShortCount(15_500)).toBe('15.5k');
    expect(metrics.formatAmount(12.345)).toBe('12.35');
    expect(formatCurrency(123456)).toBe('R\u00a01\u00a0234.56');
    expect(formatMajorAmount(1234567.5)).toBe('R\u00a01\u00a0234\u00a0567.50');
    expect(made).not.toHaveBeenCalled();
  });

  it('makes an Intl format for a currency other than rand, once', async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, 'NumberFormat');
    const { formatCurrency } = await import('./currency');

    expect(formatCurrency(123450, 'USD')).toBe('US$1\u00a0234.50');
    expect(formatCurrency(99, 'USD')).toBe('US$0.99');
    expect(made).toHaveBeenCalledTimes(1);
  });
});
