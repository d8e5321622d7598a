import { queryOptions, useQuery } from '@tanstack/react-query';
import { configMapSchema, type ConfigMap } from '@web-control/contract/config-maps';
import { request } from '../../../shared/http/http-client';
import { configMapKeys } from './keys';

export function getMap(mapId: string, signal?: AbortSignal): Promise<ConfigMap> {
  return request({
    api: 'configApi',
    path: `/maps/${encodeURIComponent(mapId)}`,
    schema: configMapSchema,
    signal,
  });
}

export function mapQuery(mapId: string) {
  return queryOptions({
    queryKey: configMapKeys.map(mapId),
    queryFn: ({ signal }) => getMap(mapId, signal),
  });
}

export function useMap(mapId: string) {
  return useQuery(mapQuery(mapId));
}
