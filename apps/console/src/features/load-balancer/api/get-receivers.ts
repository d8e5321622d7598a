import { queryOptions, useQuery } from '@tanstack/react-query';
import { receiversResponseSchema, type Receiver } from '@web-control/contract/load-balancer';
import { request } from '../../../shared/http/http-client';
import { loadBalancerKeys } from './keys';
import { LOAD_BALANCER_POLL_INTERVAL_MS } from './polling';
import { useLiveQueryOptions } from '../../../shared/live/use-live-query';

export async function getReceivers(serviceId: string): Promise<Receiver[]> {
  return (
    await request({
      api: 'loadBalancerApi',
      path: `/${encodeURIComponent(serviceId)}/receivers`,
      schema: receiversResponseSchema,
    })
  ).receivers;
}

export function receiversQuery(serviceId: string) {
  return queryOptions({
    queryKey: loadBalancerKeys.receivers(serviceId),
    queryFn: () => getReceivers(serviceId),
    refetchInterval: LOAD_BALANCER_POLL_INTERVAL_MS,
    // Leaving the detail clears it, as for the service itself.
    gcTime: 0,
  });
}

export function useReceivers(serviceId: string) {
  return useQuery(useLiveQueryOptions(receiversQuery(serviceId)));
}
