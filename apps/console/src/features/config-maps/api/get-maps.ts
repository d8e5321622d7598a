import { queryOptions, useQuery } from '@tanstack/react-query';
import { mapsResponseSchema, type MapsQuery, type MapsResponse } from '@web-control/contract/config-maps';
import { request } from '../../../shared/http/http-client';
import { REVIEW_REFRESH_MS, useLiveQueryOptions } from '../../../shared/live/use-live-query';
import { MAPS_API_PATH } from '../paths';
import { configMapKeys } from './keys';

/** Every map, or (the approvals page) only those with a pending review. */
export function getMaps(onlyPendingReview: boolean, signal?: AbortSignal): Promise<MapsResponse> {
  const query: MapsQuery = onlyPendingReview ? { 'only-pending-review': 'true' } : {};
  return request({ api: 'configApi', path: MAPS_API_PATH, query, schema: mapsResponseSchema, signal });
}

export function mapsQuery(onlyPendingReview: boolean) {
  return queryOptions({
    queryKey: configMapKeys.mapList(onlyPendingReview),
    queryFn: ({ signal }) => getMaps(onlyPendingReview, signal),
  });
}

/**
 * The maps, under the Live control: the maps page follows its clients (`refetchInterval` from the
 * answer), the approvals page (`onlyPendingReview`) asks every 30 s.
 */
export function useMaps(
  onlyPendingReview: boolean,
  refetchInterval?: (data: MapsResponse | undefined) => number | false,
) {
  return useQuery(
    useLiveQueryOptions({
      ...mapsQuery(onlyPendingReview),
      // A failure is told at once (the catalogue's toast), not after silent retries; Refresh asks again.
      retry: false,
      refetchInterval: refetchInterval
        ? (query: { state: { data: MapsResponse | undefined } }) => refetchInterval(query.state.data)
        : onlyPendingReview
          ? REVIEW_REFRESH_MS
          : undefined,
    }),
  );
}
