import { queryOptions, useQuery } from '@tanstack/react-query';
import { safResponseSchema, type SafQueue } from '@web-control/contract/monitoring';
import { request } from '../../../shared/http/http-client';
import { SAF_API_PATH } from '../paths';
import { HEALTH_OVERVIEW_REFRESH_MS } from '../constants';
import { monitoringKeys } from './keys';
import { useLiveQueryOptions } from '../../../shared/live/use-live-query';

export async function getSafQueues(): Promise<SafQueue[]> {
  return (await request({ api: 'ecsApi', path: SAF_API_PATH, schema: safResponseSchema })).queues;
}

/** Refreshed every 30 s in the background; what is on screen stays. */
export function safQueuesQuery() {
  return queryOptions({
    queryKey: monitoringKeys.safQueues(),
    queryFn: getSafQueues,
    refetchInterval: HEALTH_OVERVIEW_REFRESH_MS,
  });
}

export function useSafQueues() {
  return useQuery(useLiveQueryOptions(safQueuesQuery()));
}
