import type {
  ClientVersion,
  ConfigMap,
  Mapping,
  MapVersion,
  MappingsResponse,
} from '@web-control/contract/config-maps';

export const VERSION_1 = '1a2b3c4d-0000-4000-8000-000000000001';
export const VERSION_2 = '9f8e7d6c-0000-4000-8000-000000000002';

export function client(overrides: Partial<ClientVersion> = {}): ClientVersion {
  return {
    clientId: 'switch-node-1',
    acknowledgedVersionRejected: false,
    acknowledgedVersionTooOld: false,
    versionMismatch: false,
    acknowledgedVersion: VERSION_1,
    clientLogTime: new Date(2026, 1, 3, 14, 5, 9).toISOString(),
    clientLogMessage: 'Applied 3 mappings',
    ...overrides,
  };
}

export function configMap(overrides: Partial<ConfigMap> = {}): ConfigMap {
  return {
    id: 'bin-routing',
    name: 'bin-routing',
    latestSubmittedVersion: null,
    appliedVersion: { versionId: VERSION_1, timeApproved: new Date(2026, 1, 3, 14, 5, 9).toISOString() },
    pushedVersion: null,
    pendingReview: false,
    unsubmittedChanges: false,
    clientVersions: [],
    ...overrides,
  };
}

export function mapVersion(overrides: Partial<MapVersion> = {}): MapVersion {
  return {
    versionId: VERSION_2,
    state: 'submitted',
    userId: 'operator',
    timeSubmitted: new Date(2026, 1, 4, 9, 30, 0).toISOString(),
    comment: 'Route the new BINs',
    reviewedBy: null,
    timeReviewed: null,
    reviewComment: null,
    authors: [overrides.userId ?? 'operator'],
    ...overrides,
  };
}

export function mapping(key: string, value: string | null, overrides: Partial<Mapping> = {}): Mapping {
  return { key, value, state: 'unchanged', previousValue: null, ...overrides };
}

export function mappingsPage(
  mappings: Mapping[],
  paging: Partial<MappingsResponse['paging']> = {},
): MappingsResponse {
  return {
    mapId: 'bin-routing',
    version: null,
    versionFrom: VERSION_1,
    mappings,
    paging: {
      nextPage: null,
      previousPage: null,
      firstPage: '/api/config/maps/bin-routing/mappings',
      ...paging,
    },
  };
}
