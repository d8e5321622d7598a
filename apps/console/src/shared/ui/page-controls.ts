/** The names of a pagination's arrow buttons, which show only an arrow. */
export const PAGE_CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;
