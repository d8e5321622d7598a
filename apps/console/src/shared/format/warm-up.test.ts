import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCurrency } from './currency';
import { formatCount } from './metrics';
import { warmUpNumberFormats } from './warm-up';

describe('warmUpNumberFormats', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes the formats a table and a count use, so drawing them makes none', () => {
    warmUpNumberFormats();
    const made = vi.spyOn(Intl, 'NumberFormat');

    expect(formatCurrency(123456)).toBe('R\u00a01\u00a0234.56');
    expect(formatCount(1234567)).toBe('1\u00a0234\u00a0567');
    expect(made).not.toHaveBeenCalled();
  });
});
