import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** A JSON answer as the platform sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Routes fetch calls by method and path to canned answers, recording every call. A route without
 * the query string answers any query; its handler receives the URL to read the query from.
 */
export function routeFetch(routes: Routes) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const method = init?.method ?? 'GET';
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const url = new URL(path, 'http://console.test');
    const handler = routes[`${method} ${path}`] ?? routes[`${method} ${url.pathname}`];
    return Promise.resolve(
      handler ? handler(body, url) : jsonResponse(404, { errorMessage: 'Not found', code: 'NOT_FOUND' }),
    );
  });
  /** The URLs of the calls made to a path, query included. */
  const requests = (pathname: string) =>
    calls.map((call) => new URL(call.path, 'http://console.test')).filter((url) => url.pathname === pathname);
  return { fetchMock, calls, requests };
}

export type Routes = Record<string, (body: unknown, url: URL) => Response>;

/**
 * Stubs the global fetch with `routeFetch`; `headersOf` and `bodiesOf` read what each call to a
 * path carried, in call order.
 */
export function stubFetch(routes: Routes) {
  const fetch = routeFetch(routes);
  vi.stubGlobal('fetch', fetch.fetchMock);
  const urlOf = (input: Parameters<typeof globalThis.fetch>[0]) =>
    new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://console.test',
    );
  const headersOf = (method: string, pathname?: string) =>
    fetch.fetchMock.mock.calls
      .filter(
        ([input, init]) =>
          (init?.method ?? 'GET') === method &&
          (pathname === undefined || urlOf(input).pathname === pathname),
      )
      .map(([, init]) => new Headers(init?.headers));
  const bodiesOf = (method: string, pathname: string) =>
    fetch.calls
      .filter(
        (call) => call.method === method && new URL(call.path, 'http://console.test').pathname === pathname,
      )
      .map((call) => call.body);
  return { ...fetch, headersOf, bodiesOf };
}

/** Lets queries answer and React render, moving Vitest's fake clock by `ms`. */
export async function settle(ms = 0): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}
