import { queryOptions, useQuery } from '@tanstack/react-query';
import { servicesResponseSchema, type Service } from '@web-control/contract/load-balancer';
import { request } from '../../../shared/http/http-client';
import { SERVICES_API_PATH } from '../paths';
import { loadBalancerKeys } from './keys';
import { LOAD_BALANCER_POLL_INTERVAL_MS } from './polling';
import { useLiveQueryOptions } from '../../../shared/live/use-live-query';

export async function getServices(): Promise<Service[]> {
  return (await request({ api: 'loadBalancerApi', path: SERVICES_API_PATH, schema: servicesResponseSchema }))
    .services;
}

export function servicesQuery() {
  return queryOptions({
    queryKey: loadBalancerKeys.services(),
    queryFn: getServices,
    refetchInterval: LOAD_BALANCER_POLL_INTERVAL_MS,
  });
}

export function useServices() {
  return useQuery(useLiveQueryOptions(servicesQuery()));
}
