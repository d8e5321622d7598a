import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeAccessToken, TEST_CONFIG } from '../../test/tokens';
import { clearModalsForTests } from '../modals/modal-store';
import { setNavigator } from '../navigation';
import { setRuntimeConfig } from '../runtime-config';
import { applyTokens, getAccount, resetAccountForTests } from '../session/session-state';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../session/token-storage';
import { screen } from '@testing-library/react';
import { settle } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { REQUEST_TIMEOUT_MS } from '../timing';
import {
  buildUrl,
  download,
  request,
  requestWithoutResult,
  requestWithStatus,
  resetTimeoutDialogForTests,
} from './http-client';
import { HttpError, HttpTimeoutError } from './http-error';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
const token = fakeAccessToken({ sub: '1', username: 'admin', permissions: [], exp: 4102444800 });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('http client', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG, ecsApi: 'https://switch.example/ecs/' });
    vi.stubGlobal('fetch', fetchMock);
    setNavigator(navigate);
    resetAccountForTests();
    clearModalsForTests();
    applyTokens(token, 'refresh-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    navigate.mockReset();
  });

  it('builds the query string, skipping empty values and repeating arrays', () => {
    expect(
      buildUrl('/api/ecs/', '/transactions', { service: 'a b', reference: '', offset: 0, ids: [1, 2] }),
    ).toBe('/api/ecs/transactions?service=a+b&offset=0&ids=1&ids=2');
  });

  it('sends the bearer token on API calls and parses the answer with the schema', async () => {
    fetchMock.mockResolvedValue(json(200, { nodes: [] }));
    const result = await request({
      api: 'ecsApi',
      path: '/nodes',
      schema: z.object({ nodes: z.array(z.string()) }),
    });
    expect(result).toEqual({ nodes: [] });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://switch.example/ecs/nodes');
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('hands back the status beside the parsed body, so a 206 partial answer can be told apart', async () => {
    fetchMock.mockResolvedValue(json(206, { metrics: [] }));
    const result = await requestWithStatus({
      api: 'ecsApi',
      path: '/metrics',
      schema: z.object({ metrics: z.array(z.unknown()) }),
    });
    expect(result).toEqual({ status: 206, data: { metrics: [] } });
  });

  it('sends no token on the anonymous auth calls and posts JSON', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await requestWithoutResult({
      api: 'authApi',
      anonymous: true,
      path: '/logout',
      method: 'POST',
      body: { refresh_token: 'r' },
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/logout');
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
    expect(init?.body).toBe('{"refresh_token":"r"}');
  });

  it('sends a Blob as its raw bytes, not as JSON', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const file = new Blob(['a,b\n1,2\n'], { type: 'text/csv' });
    await requestWithoutResult({ api: 'filesApi', path: '', method: 'POST', body: file });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe(file);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/octet-stream');
  });

  it('sends FormData as multipart, leaving the boundary to the browser', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const form = new FormData();
    form.append('mappingsFile', new Blob(['key,value\n'], { type: 'text/csv' }), 'map.csv');
    await requestWithoutResult({ api: 'configApi', path: '/maps/m/mappings', method: 'PUT', body: form });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('sends JSON under the media type the caller names', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const patch = [{ op: 'test', path: '/value', value: 'a' }];
    await requestWithoutResult({
      api: 'configApi',
      path: '/maps/m/mappings/k',
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json-patch+json' },
      body: patch,
    });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe(JSON.stringify(patch));
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json-patch+json');
  });

  it('sends the token on administration calls of the auth API', async () => {
    fetchMock.mockResolvedValue(json(200, { users: [] }));
    await request({ api: 'authApi', path: '/manage/users', schema: z.unknown() });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('rejects any non-2xx answer and keeps its JSON body', async () => {
    fetchMock.mockResolvedValue(json(409, { errorMessage: 'Already exists', code: 'CONFLICT' }));
    const failure = await request({ api: 'ecsApi', path: '/x', schema: z.unknown() }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({
      status: 409,
      body: { errorMessage: 'Already exists' },
      message: 'Already exists',
    });
  });

  it('on a 401 forgets both tokens and goes to /login remembering the current path', async () => {
    window.history.pushState({}, '', '/dashboard/transactions?reference=42');
    fetchMock.mockResolvedValue(json(401, { errorMessage: 'Sign in again', code: 'UNAUTHENTICATED' }));
    await expect(request({ api: 'ecsApi', path: '/nodes', schema: z.unknown() })).rejects.toBeInstanceOf(
      HttpError,
    );
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(getAccount().isAuthenticated).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login?from=%2Fdashboard%2Ftransactions%3Freference%3D42', {
      replace: true,
    });
  });

  it('downloads a file sent as an attachment under its own name', async () => {
    const createObjectURL = vi.fn(() => 'blob:file');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(
      new Response('a,b', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="recon.csv"' },
      }),
    );
    await expect(download({ api: 'filesApi', path: '/1/download' })).resolves.toBe('recon.csv');
    expect(clicked).toHaveBeenCalledTimes(1);
    // The platform's form: the exact UTF-8 name wins over the ASCII fallback; a plain % stays as it is.
    for (const [disposition, name] of [
      [`attachment; filename="_ report.csv"; filename*=UTF-8''%E2%82%AC%20report.csv`, '€ report.csv'],
      ['attachment; filename="100%.csv"', '100%.csv'],
    ]) {
      fetchMock.mockResolvedValue(
        new Response('a,b', { status: 200, headers: { 'content-disposition': disposition ?? '' } }),
      );
      await expect(download({ api: 'filesApi', path: '/1/download' })).resolves.toBe(name);
    }

    fetchMock.mockResolvedValue(
      new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    await expect(download({ api: 'filesApi', path: '/1/download' })).rejects.toThrow(
      'The server did not send the file as an attachment',
    );
    clicked.mockRestore();
  });

  it('a 401 of an auth call (wrong password) does not end the session', async () => {
    fetchMock.mockResolvedValue(json(401, { errorMessage: 'Incorrect username or password', code: 'X' }));
    await expect(
      request({
        api: 'authApi',
        anonymous: true,
        path: '/login',
        method: 'POST',
        body: {},
        schema: z.unknown(),
      }),
    ).rejects.toBeInstanceOf(HttpError);
    expect(getAccount().isAuthenticated).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('http client timeout', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    vi.stubGlobal('fetch', fetchMock);
    clearModalsForTests();
    resetTimeoutDialogForTests();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('gives up after 60 s and apologises with a dialog', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    renderWithProviders(<p>page</p>);
    const pending = request({ api: 'ecsApi', path: '/nodes', schema: z.unknown() }).catch((e: unknown) => e);
    await settle(REQUEST_TIMEOUT_MS - 1);
    expect(screen.queryByText('Apologies')).toBeNull();
    await settle(1);
    expect(await pending).toBeInstanceOf(HttpTimeoutError);
    vi.useRealTimers();
    expect(await screen.findByText('Apologies')).toBeInTheDocument();
    expect(screen.getByText('We seem to be experiencing issues, please try again')).toBeInTheDocument();
  });
});
