import { formatCurrency } from '../../../shared/format/currency';

function fractionDigitsOf(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** Aggregates come in the currency's major unit; the console's one money format takes minor units. */
export function formatAggregateAmount(amount: number, currency: string): string {
  return formatCurrency(Math.round(amount * 10 ** fractionDigitsOf(currency)), currency);
}
