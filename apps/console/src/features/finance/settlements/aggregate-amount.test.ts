import { describe, expect, it } from 'vitest';
import { formatAggregateAmount } from './aggregate-amount';

describe('aggregate amounts', () => {
  it('format major units with the currency, a space for thousands and a decimal point', () => {
    expect(formatAggregateAmount(1234567.5, 'ZAR').replace(/\s/g, ' ')).toBe('R 1 234 567.50');
    expect(formatAggregateAmount(1500, 'JPY')).toMatch(/1\s500$/);
  });
});
