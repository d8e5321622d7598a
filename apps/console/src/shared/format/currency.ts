import { GROUP_SEPARATOR, groupThousands, roundDecimal } from './decimal';
import { NUMBER_LOCALE } from './locale';

/** The specification's default currency (section 9). */
export const DEFAULT_CURRENCY = 'ZAR';
// Rand, nearly every amount on screen, is written by hand (./decimal.ts): no Intl, no ICU set-up.
const RAND_SYMBOL = 'R';
const RAND_DECIMALS = 2;

interface CurrencyFormat {
  format: Intl.NumberFormat;
  decimals: number;
}

// Kept per currency: building a format and reading its options cost more than formatting, and a
// table formats every row's amount.
const formats = new Map<string, CurrencyFormat | undefined>();

// undefined for a code Intl rejects: an amount still shows, with the code as sent.
function currencyFormat(currency: string): CurrencyFormat | undefined {
  if (!formats.has(currency)) {
    let entry: CurrencyFormat | undefined;
    try {
      const format = new Intl.NumberFormat(NUMBER_LOCALE, { style: 'currency', currency });
      entry = { format, decimals: format.resolvedOptions().maximumFractionDigits ?? 2 };
    } catch {
      entry = undefined;
    }
    formats.set(currency, entry);
  }
  return formats.get(currency);
}

/** The currency's ISO 4217 number of decimals (2 for ZAR, 0 for JPY); 2 for a code Intl rejects. */
export function currencyDecimalsOf(currency: string): number {
  if (currency === DEFAULT_CURRENCY) return RAND_DECIMALS;
  return currencyFormat(currency)?.decimals ?? 2;
}

/**
 * An amount in minor units, with the en-ZA symbol and digit grouping but a decimal point (en-ZA
 * writes a comma): 123456 → "R 1 234.56". Minor units are cents for ZAR (divided by 100); a currency
 * with another number of decimals, such as JPY with none, is divided by its own ISO 4217 exponent.
 */
export function formatCurrency(minorUnits: number, currency: string = DEFAULT_CURRENCY): string {
  if (!Number.isFinite(minorUnits)) return '-';
  if (currency === DEFAULT_CURRENCY) {
    const { negative, integer, fraction } = roundDecimal(
      minorUnits,
      RAND_DECIMALS,
      RAND_DECIMALS,
      -RAND_DECIMALS,
    );
    return `${negative ? '-' : ''}${RAND_SYMBOL}${GROUP_SEPARATOR}${groupThousands(integer)}.${fraction}`;
  }
  const entry = currencyFormat(currency);
  if (!entry) return `${currency} ${(minorUnits / 100).toFixed(2)}`;
  return entry.format
    .formatToParts(minorUnits / 10 ** entry.decimals)
    .map((part) => (part.type === 'decimal' ? '.' : part.value))
    .join('');
}

/** An amount in the currency's major unit (settlement aggregates): 1234567.5 ZAR → "R 1 234 567.50". */
export function formatMajorAmount(amount: number, currency: string = DEFAULT_CURRENCY): string {
  return formatCurrency(Math.round(amount * 10 ** currencyDecimalsOf(currency)), currency);
}
