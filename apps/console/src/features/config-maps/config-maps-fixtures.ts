import type {
  ClientVersion,
  ConfigMap,
  Mapping,
  MapVersion,
  MappingsResponse,
} from '@web-control/contract/config-maps';
import { vi } from 'vitest';
import { dispatchAccount } from '../../shared/session/session-state';
import { routeFetch } from '../../test/fetch';

export type Routes = Record<string, (body: unknown, url: URL) => Response>;

export const VERSION_1 = '1a2b3c4d-0000-4000-8000-000000000001';
export const VERSION_2 = '9f8e7d6c-0000-4000-8000-000000000002';

/** Stubs fetch; `headersOf` reads the headers each call to a path carried. */
export function stubFetch(routes: Routes) {
  const fetch = routeFetch(routes);
  vi.stubGlobal('fetch', fetch.fetchMock);
  const headersOf = (method: string, pathname: string) =>
    fetch.fetchMock.mock.calls
      .filter(([input, init]) => {
        const url = new URL(
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
          'http://console.test',
        );
        return url.pathname === pathname && (init?.method ?? 'GET') === method;
      })
      .map(([, init]) => new Headers(init?.headers));
  const bodiesOf = (method: string, pathname: string) =>
    fetch.calls
      .filter(
        (call) => call.method === method && new URL(call.path, 'http://console.test').pathname === pathname,
      )
      .map((call) => call.body);
  return { ...fetch, headersOf, bodiesOf };
}

export function signInWith(permissions: string[], username = 'operator') {
  dispatchAccount({
    type: 'authenticated',
    accessToken: 'token',
    refreshToken: 'refresh',
    username,
    permissions,
  });
}

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
