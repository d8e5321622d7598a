import type { ReviewsQuery } from '@web-control/contract/reviews';

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (query: ReviewsQuery) => [...reviewKeys.all, 'list', query] as const,
  count: () => [...reviewKeys.all, 'count'] as const,
};
