/** Texts and timings of the transactions list (specification sections 2, 8 and 9). */
export const TRANSACTIONS_TITLE = 'Transactions';
export const NO_TRANSACTIONS = 'No transactions match your query';

export const AUTO_REFRESH_INTERVAL_MS = 5_000;
export const INITIAL_REFRESH_DELAY_MS = 500;
export const FILTER_DEBOUNCE_MS = 1_000;
