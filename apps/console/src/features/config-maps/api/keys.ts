import type { VersionState } from '@web-control/contract/config-maps';
import type { PageQuery } from '../mappings/page-url';

export const configMapKeys = {
  all: ['config-maps'] as const,
  maps: () => [...configMapKeys.all, 'maps'] as const,
  mapList: (onlyPendingReview: boolean) => [...configMapKeys.maps(), 'list', { onlyPendingReview }] as const,
  map: (mapId: string) => [...configMapKeys.maps(), 'detail', mapId] as const,
  versions: (mapId: string, state?: VersionState) =>
    [...configMapKeys.map(mapId), 'versions', state ?? 'any'] as const,
  mappings: (mapId: string) => [...configMapKeys.map(mapId), 'mappings'] as const,
  mappingPage: (mapId: string, query: PageQuery) => [...configMapKeys.mappings(mapId), query] as const,
};
