import { formatGrouped, roundDecimal } from './decimal';

/** Transactions per second are shown to 3 decimals (specification section 9). */
export const TPS_DECIMALS = 3;
/** Response times are shown to 2 decimals, in milliseconds (specification section 9). */
export const RESPONSE_TIME_DECIMALS = 2;

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
  return Number.isFinite(value) ? formatGrouped(value, 0, 0) : '-';
}

// Load balancer figures: the en-ZA grouping but a decimal point, for the same reason as above.
function formatFinite(value: number, minFraction: number, maxFraction: number, shift = 0): string {
  return Number.isFinite(value) ? formatGrouped(value, minFraction, maxFraction, shift) : '-';
}

/** A receiver's requests per second: 12.5 → "12.50 req/s". */
export function formatThroughput(requestsPerSecond: number): string {
  const text = formatFinite(requestsPerSecond, 2, 2);
  return text === '-' ? text : `${text} req/s`;
}

// Shifting the decimal digits, not multiplying, so 0.145 is 14.5 % exactly, as Intl's percent has it.
function formatPercent(value: number, shift: number): string {
  const text = formatFinite(value, 1, 1, shift);
  return text === '-' ? text : `${text}%`;
}

/** A success rate given in percent (0 to 100): 99.5 → "99.5%"; below 100 it never reads "100.0%". */
export function formatSuccessRate(percent: number): string {
  // A receiver failing one request in ten thousand is not a perfect one: 99.99 reads 99.9%.
  return formatPercent(percent < 100 ? Math.min(percent, 99.9) : percent, 0);
}

/** A share given as a fraction (0 to 1): 0.75 → "75.0%". */
export function formatShare(fraction: number): string {
  return formatPercent(fraction, 2);
}

// English compact notation (Intl's 'en' with one decimal at most), lower-case.
const SHORT_UNITS = ['', 'k', 'm', 'b', 't'];

/** Counts in short notation, lower-case as the specification writes it: 1234 → "1.2k". */
export function formatShortCount(value: number): string {
  if (!Number.isFinite(value)) return '-';
  let unit = 0;
  while (unit < SHORT_UNITS.length - 1 && Math.abs(value) >= 1000 ** (unit + 1)) unit += 1;
  let digits = roundDecimal(value, 0, 1, -3 * unit);
  // 999 950 rounds to 1000k, which is written 1m.
  if (digits.integer === '1000' && unit < SHORT_UNITS.length - 1) {
    unit += 1;
    digits = roundDecimal(value, 0, 1, -3 * unit);
  }
  // Past 't' the number grows, grouped with commas from five digits on, as 'en' does.
  const integer =
    digits.integer.length > 4 ? digits.integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : digits.integer;
  const fraction = digits.fraction ? `.${digits.fraction}` : '';
  return `${digits.negative ? '-' : ''}${integer}${fraction}${SHORT_UNITS[unit] ?? ''}`;
}

/** An amount with a space between thousands and a decimal point: 1234567.5 → "1 234 567.5". */
export function formatAmount(value: number): string {
  return formatFinite(value, 0, 2);
}

const SIZE_UNITS = ['kB', 'MB', 'GB', 'TB'];

/** A file's size in decimal units, as browsers and the README give it: 35 123 456 → "35.1 MB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes)) return '-';
  if (Math.abs(bytes) < 1000) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  let unit = 1;
  while (unit < SIZE_UNITS.length && Math.abs(bytes) >= 1000 ** (unit + 1)) unit += 1;
  // 999 960 bytes round to 1 000.0 kB, which is written 1.0 MB.
  if (roundDecimal(bytes, 1, 1, -3 * unit).integer === '1000' && unit < SIZE_UNITS.length) unit += 1;
  return `${formatGrouped(bytes, 1, 1, -3 * unit)} ${SIZE_UNITS[unit - 1] ?? ''}`;
}
