import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewCountSchema } from '@web-control/contract/reviews';
import { request } from '../../../shared/http/http-client';
import { REVIEW_REFRESH_MS, useLiveQueryOptions } from '../../../shared/live/use-live-query';
import { reviewKeys } from './keys';

export async function getReviewCount(signal?: AbortSignal): Promise<number> {
  return (await request({ api: 'reviewsApi', path: '/count', schema: reviewCountSchema, signal })).count;
}

export function reviewCountQuery(enabled: boolean) {
  return queryOptions({
    queryKey: reviewKeys.count(),
    queryFn: ({ signal }) => getReviewCount(signal),
    refetchInterval: REVIEW_REFRESH_MS,
    enabled,
  });
}

/** The menu badge: only for a user who may review something; its age is not the screen's. */
export function useReviewCount(enabled: boolean) {
  return useQuery(useLiveQueryOptions(reviewCountQuery(enabled), { beside: true }));
}
