import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  reviewsResponseSchema,
  type ReviewsQuery,
  type ReviewsResponse,
} from '@web-control/contract/reviews';
import { request } from '../../../shared/http/http-client';
import { REVIEW_REFRESH_MS, useLiveQueryOptions } from '../../../shared/live/use-live-query';
import { reviewKeys } from './keys';

export function getReviews(query: ReviewsQuery, signal?: AbortSignal): Promise<ReviewsResponse> {
  return request({ api: 'reviewsApi', path: '', query, schema: reviewsResponseSchema, signal });
}

export function reviewsQuery(query: ReviewsQuery) {
  return queryOptions({
    queryKey: reviewKeys.list(query),
    queryFn: ({ signal }) => getReviews(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: REVIEW_REFRESH_MS,
  });
}

/** `enabled` false while the filters cannot be asked for (a card number as the requester). */
export function useReviews(query: ReviewsQuery, enabled = true) {
  return useQuery({ ...useLiveQueryOptions(reviewsQuery(query)), enabled });
}
