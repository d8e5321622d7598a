import { NUMBER_LOCALE } from './locale';

/** Transactions per second are shown to 3 decimals (specification section 9). */
export const TPS_DECIMALS = 3;
/** Response times are shown to 2 decimals, in milliseconds (specification section 9). */
export const RESPONSE_TIME_DECIMALS = 2;

/**
 * A number format made when first used, then kept: making one loads the locale's data, which cost
 * a screen about 90 ms of its first render (4x CPU throttle) when all of them were made at import.
 */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): () => Intl.NumberFormat {
  let format: Intl.NumberFormat | undefined;
  return () => (format ??= new Intl.NumberFormat(locale, options));
}

const countFormat = numberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });

// A fixed decimal point rather than the locale's: en-ZA writes "12,345" for 12.345 TPS, which
// reads as twelve thousand to most operators.
function formatFixed(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return '-';
  const text = value.toFixed(decimals);
  // -0.000 says nothing that 0.000 does not.
  return Number(text) === 0 ? (0).toFixed(decimals) : text;
}

/** 12.3456 → "12.346". */
export function formatTps(value: number): string {
  return formatFixed(value, TPS_DECIMALS);
}

/** 12.345 → "12.35 ms". */
export function formatResponseTime(milliseconds: number): string {
  const text = formatFixed(milliseconds, RESPONSE_TIME_DECIMALS);
  return text === '-' ? text : `${text} ms`;
}

/** Whole counts with the en-ZA digit grouping: 1234567 → "1 234 567". */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? countFormat().format(value) : '-';
}

// Load balancer figures, through Intl.NumberFormat with the en-ZA grouping but a decimal point,
// for the same reason as above.
const throughputFormat = numberFormat(NUMBER_LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const percentFormat = numberFormat(NUMBER_LOCALE, {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

function formatWithDecimalPoint(format: () => Intl.NumberFormat, value: number): string {
  if (!Number.isFinite(value)) return '-';
  return format()
    .formatToParts(value)
    .map((part) => (part.type === 'decimal' ? '.' : part.value))
    .join('');
}

/** A receiver's requests per second: 12.5 → "12.50 req/s". */
export function formatThroughput(requestsPerSecond: number): string {
  const text = formatWithDecimalPoint(throughputFormat, requestsPerSecond);
  return text === '-' ? text : `${text} req/s`;
}

/** A success rate given in percent (0 to 100): 99.5 → "99.5%". */
export function formatSuccessRate(percent: number): string {
  return formatWithDecimalPoint(percentFormat, percent / 100);
}

/** A share given as a fraction (0 to 1): 0.75 → "75.0%". */
export function formatShare(fraction: number): string {
  return formatWithDecimalPoint(percentFormat, fraction);
}

const shortCountFormat = numberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** Counts in short notation, lower-case as the specification writes it: 1234 → "1.2k". */
export function formatShortCount(value: number): string {
  return Number.isFinite(value) ? shortCountFormat().format(value).toLowerCase() : '-';
}

const amountFormat = numberFormat(NUMBER_LOCALE, { maximumFractionDigits: 2 });

/** An amount with a space between thousands and a decimal point: 1234567.5 → "1 234 567.5". */
export function formatAmount(value: number): string {
  return formatWithDecimalPoint(amountFormat, value);
}
