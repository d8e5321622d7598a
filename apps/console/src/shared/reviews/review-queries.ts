import type { QueryClient } from '@tanstack/react-query';

/** The reviews inbox and its menu badge: the prefix of their query keys. */
export const REVIEWS_QUERY_KEY = ['reviews'] as const;

/**
 * After a decision made in this console, wherever it was made: the inbox and the badge reload at
 * once instead of at their next refresh (30 s), which left the badge counting the request decided.
 */
export function refreshReviews(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: REVIEWS_QUERY_KEY });
}
