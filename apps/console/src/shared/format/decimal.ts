/**
 * The console's own en-ZA number text, written without Intl: the first Intl object a page makes
 * sets up ICU, 40–120 ms of one task on this machine (decision 0040). Rounds and groups exactly as
 * `Intl.NumberFormat('en-ZA')` does; the decimal point is a point, as everywhere in the console.
 */

/** en-ZA's digit group separator, a no-break space. */
export const GROUP_SEPARATOR = '\u00a0';

export interface DecimalDigits {
  negative: boolean;
  integer: string;
  fraction: string;
}

/** '0999' + 1 → '1000': a string of digits plus one in its last place. */
function incremented(digits: string): string {
  let index = digits.length - 1;
  while (index >= 0 && digits[index] === '9') index -= 1;
  if (index < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, index)}${String(Number(digits[index]) + 1)}${'0'.repeat(digits.length - index - 1)}`;
}

/**
 * `value` × 10^`shift`, rounded half away from zero to at most `maxFraction` decimals and padded to
 * `minFraction`. Like Intl, it rounds the shortest decimal that reads back as `value` (1.005 → 1.01,
 * where toFixed gives 1.00) and keeps the sign of a negative value that rounds to zero.
 */
export function roundDecimal(
  value: number,
  minFraction: number,
  maxFraction: number,
  shift = 0,
): DecimalDigits {
  const [mantissa = '0', exponent = '0'] = Math.abs(value).toString().split('e');
  const [whole = '0', decimals = ''] = mantissa.split('.');
  let digits = whole + decimals;
  let point = whole.length + Number(exponent) + shift;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  const kept = digits.slice(0, point + maxFraction).padEnd(point + maxFraction, '0');
  const rounded = (digits[point + maxFraction] ?? '0') >= '5' ? incremented(kept) : kept;
  const integerLength = rounded.length - maxFraction;
  let fraction = rounded.slice(integerLength);
  while (fraction.length > minFraction && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return {
    negative: value < 0 || Object.is(value, -0),
    integer: rounded.slice(0, integerLength).replace(/^0+(?=\d)/, '') || '0',
    fraction,
  };
}

/** '1234567' → '1 234 567' (no-break spaces). */
export function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
}

/** 1234567.5 with 2 decimals → "1 234 567.50"; a negative value keeps its minus, as Intl does. */
export function formatGrouped(value: number, minFraction: number, maxFraction: number, shift = 0): string {
  const { negative, integer, fraction } = roundDecimal(value, minFraction, maxFraction, shift);
  return `${negative ? '-' : ''}${groupThousands(integer)}${fraction ? `.${fraction}` : ''}`;
}
