import { describe, expect, it } from 'vitest';
import { currencyDecimalsOf, formatCurrency, formatMajorAmount } from './currency';

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

describe('currency decimals and major units', () => {
  it("reads the currency's own number of decimals", () => {
    expect(currencyDecimalsOf('ZAR')).toBe(2);
    expect(currencyDecimalsOf('JPY')).toBe(0);
    expect(currencyDecimalsOf('BHD')).toBe(3);
  });

  it('formats major units with the currency, a space for thousands and a decimal point', () => {
    expect(formatMajorAmount(1234567.5, 'ZAR')).toBe(`R${NBSP}1${NBSP}234${NBSP}567.50`);
    expect(formatMajorAmount(1500, 'JPY')).toBe(`JP¥1${NBSP}500`);
  });
});
