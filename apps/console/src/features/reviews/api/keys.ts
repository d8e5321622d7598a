import type { ReviewsQuery } from '@web-control/contract/reviews';
import { REVIEWS_QUERY_KEY } from '../../../shared/reviews/review-queries';

export const reviewKeys = {
  all: REVIEWS_QUERY_KEY,
  list: (query: ReviewsQuery) => [...reviewKeys.all, 'list', query] as const,
  count: () => [...reviewKeys.all, 'count'] as const,
};
