import { queryOptions, useQuery } from '@tanstack/react-query';
import { serviceSchema, type Service } from '@web-control/contract/load-balancer';
import { request } from '../../../shared/http/http-client';
import { loadBalancerKeys } from './keys';
import { LOAD_BALANCER_POLL_INTERVAL_MS } from './polling';
import { useLiveQueryOptions } from '../../../shared/live/use-live-query';

export function getService(serviceId: string): Promise<Service> {
  return request({
    api: 'loadBalancerApi',
    path: `/${encodeURIComponent(serviceId)}`,
    schema: serviceSchema,
  });
}

export function serviceQuery(serviceId: string) {
  return queryOptions({
    queryKey: loadBalancerKeys.service(serviceId),
    queryFn: () => getService(serviceId),
    refetchInterval: LOAD_BALANCER_POLL_INTERVAL_MS,
    // Leaving the detail clears it: nothing of this service is kept once nobody shows it.
    gcTime: 0,
  });
}

export function useService(serviceId: string) {
  return useQuery(useLiveQueryOptions(serviceQuery(serviceId)));
}
