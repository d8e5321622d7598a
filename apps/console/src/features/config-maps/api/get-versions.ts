import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  versionsResponseSchema,
  type VersionState,
  type VersionsResponse,
} from '@web-control/contract/config-maps';
import { request } from '../../../shared/http/http-client';
import { configMapKeys } from './keys';

/** A map's versions, newest first, optionally of one state. */
export function getVersions(
  mapId: string,
  state?: VersionState,
  signal?: AbortSignal,
): Promise<VersionsResponse> {
  return request({
    api: 'configApi',
    path: `/maps/${encodeURIComponent(mapId)}/versions`,
    query: { state },
    schema: versionsResponseSchema,
    signal,
  });
}

export function versionsQuery(mapId: string, state?: VersionState) {
  return queryOptions({
    queryKey: configMapKeys.versions(mapId, state),
    queryFn: ({ signal }) => getVersions(mapId, state, signal),
  });
}

export function useVersions(mapId: string, state?: VersionState) {
  return useQuery(versionsQuery(mapId, state));
}
