import { describe, expect, it } from 'vitest';
import { formatCurrency } from './currency';

// en-ZA separates the symbol and digit groups with a no-break space.
const NBSP = '\u00a0';

describe('formatCurrency', () => {
  it('writes minor units as rand with en-ZA grouping and a decimal point', () => {
    expect(formatCurrency(123456)).toBe(`R${NBSP}1${NBSP}234.56`);
    expect(formatCurrency(123456789)).toBe(`R${NBSP}1${NBSP}234${NBSP}567.89`);
    expect(formatCurrency(5)).toBe(`R${NBSP}0.05`);
    expect(formatCurrency(0)).toBe(`R${NBSP}0.00`);
  });

  it('writes a negative amount with a leading minus', () => {
    expect(formatCurrency(-1230)).toBe(`-R${NBSP}12.30`);
  });

  it('takes another currency', () => {
    expect(formatCurrency(123450, 'USD')).toBe(`US$1${NBSP}234.50`);
  });

  it("uses the currency's own number of decimals", () => {
    expect(formatCurrency(1234, 'JPY')).toBe(`JP¥1${NBSP}234`);
  });

  it('still shows an amount whose currency code Intl rejects, and a dash for no number', () => {
    expect(formatCurrency(1050, 'rand')).toBe('rand 10.50');
    expect(formatCurrency(Number.NaN)).toBe('-');
  });
});
