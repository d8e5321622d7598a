import { DEFAULT_CURRENCY, formatCurrency } from './currency';
import { formatCount } from './metrics';

/**
 * Makes the en-ZA number formats before a screen's first answer is drawn. The first one made loads
 * the locale's data (about 30 ms on a desktop, 120 ms at 4x CPU throttling), which otherwise lands
 * inside the long task that draws the first table or count; the others cost a millisecond or two.
 */
export function warmUpNumberFormats(): void {
  formatCount(0);
  formatCurrency(0, DEFAULT_CURRENCY);
}

/** The warm-up as a task of its own, soon; gives its cancel. */
export function warmUpNumberFormatsSoon(): () => void {
  const timer = window.setTimeout(warmUpNumberFormats);
  return () => window.clearTimeout(timer);
}
