import { queryOptions, useQuery } from '@tanstack/react-query';
import { nodesResponseSchema, type Node } from '@web-control/contract/monitoring';
import { request } from '../../../shared/http/http-client';
import { NODES_API_PATH } from '../paths';
import { HEALTH_OVERVIEW_REFRESH_MS } from '../constants';
import { monitoringKeys } from './keys';
import { useLiveQueryOptions } from '../../../shared/live/use-live-query';

export async function getNodes(): Promise<Node[]> {
  return (await request({ api: 'ecsApi', path: NODES_API_PATH, schema: nodesResponseSchema })).nodes;
}

/** Refreshed every 30 s in the background; what is on screen stays. */
export function nodesQuery() {
  return queryOptions({
    queryKey: monitoringKeys.nodes(),
    queryFn: getNodes,
    refetchInterval: HEALTH_OVERVIEW_REFRESH_MS,
  });
}

export function useNodes() {
  return useQuery(useLiveQueryOptions(nodesQuery()));
}
