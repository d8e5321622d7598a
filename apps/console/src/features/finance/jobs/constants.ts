export const JOBS_TITLE = 'Jobs';
/** Specification 2, section 9. */
export const JOBS_PAGE_SIZE = 10;

/** Specification 2, section 8 and the Jobs screen. */
export const JOBS_MESSAGES = {
  listFailed: "Could not retrieve list of jobs. Please try again or contact the provider's support.",
  listEmpty: 'No jobs configured.',
} as const;
