import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mappingsResponseSchema, type MappingsResponse } from '@web-control/contract/config-maps';
import { request } from '../../../shared/http/http-client';
import { getApiBase } from '../../../shared/runtime-config';
import type { PageQuery } from '../mappings/page-url';
import { configMapKeys } from './keys';

export function mappingsPath(mapId: string): string {
  return `/maps/${encodeURIComponent(mapId)}/mappings`;
}

/** Where the first page is asked: the returned page URLs are followed only when they point here. */
export function mappingsEndpoint(mapId: string): string {
  return `${getApiBase('configApi').replace(/\/$/, '')}${mappingsPath(mapId)}`;
}

/** One page of mappings; `query` is the first page's filters or a returned page URL's query. */
export function getMappings(
  mapId: string,
  query: PageQuery,
  signal?: AbortSignal,
): Promise<MappingsResponse> {
  return request({
    api: 'configApi',
    path: mappingsPath(mapId),
    query,
    schema: mappingsResponseSchema,
    signal,
  });
}

export function mappingsQuery(mapId: string, query: PageQuery) {
  return queryOptions({
    queryKey: configMapKeys.mappingPage(mapId, query),
    queryFn: ({ signal }) => getMappings(mapId, query, signal),
    // The page on screen stays while the next one loads: paging and typing a prefix never flash.
    placeholderData: keepPreviousData,
  });
}

export function useMappings(mapId: string, query: PageQuery, enabled = true) {
  return useQuery({ ...mappingsQuery(mapId, query), enabled });
}
