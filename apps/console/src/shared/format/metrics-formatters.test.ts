import { afterEach, describe, expect, it, vi } from 'vitest';

describe('metric formatters', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes no number format at import, and each one once, when first used', async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, 'NumberFormat');
    const { formatCount, formatThroughput } = await import('./metrics');
    expect(made, 'importing makes no format').not.toHaveBeenCalled();
    expect(formatCount(1234567).replace(/\s/g, ' ')).toBe('1 234 567');
    expect(formatCount(7)).toBe('7');
    expect(made).toHaveBeenCalledTimes(1);
    expect(formatThroughput(12.5)).toBe('12.50 req/s');
    expect(made).toHaveBeenCalledTimes(2);
  });
});
