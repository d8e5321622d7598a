import { retrievalFailedText } from '../../../shared/http/error-message';

/** Texts and timings of the transactions list (specification sections 2, 8 and 9). */
export const NO_TRANSACTIONS = 'No transactions match your query';

export const AUTO_REFRESH_INTERVAL_MS = 5_000;
export const INITIAL_REFRESH_DELAY_MS = 500;
export const FILTER_DEBOUNCE_MS = 1_000;
/**
 * A failed foreground load (a 5xx or no answer); a 4xx shows the platform's reason. Specification
 * section 8 shows no message, which left an empty card: see decision 0014.
 */
export const loadFailedText = retrievalFailedText('transactions');
export const TRY_AGAIN = 'Try again';
