/** Texts of the Outbox (specification 2, sections 2, 8 and 9). */
export const OUTBOX_TITLE = 'Outbox';
export const OUTBOX_PAGE_SIZE = 25;
export const OUTBOX_DEBOUNCE_MS = 400;
export const OUTBOX_TABLE_LABEL = 'Extracts';

export const OUTBOX_MESSAGES = {
  failed: 'Failed to retrieve Outbox data',
  empty: 'No extracts found. Try changing your filters.',
  waitingForRange: 'Correct the dates to see extracts.',
  tagsFailed: (status: number | undefined) =>
    `Failed to fetch tags (response code ${status ?? 'unknown'}). Filtering by tag will not work. Please reload the page.`,
  tagValuesFailed: 'Failed to fetch possible tag filter values. Autocomplete will not work.',
} as const;
