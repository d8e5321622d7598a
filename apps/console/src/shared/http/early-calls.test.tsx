import { screen } from '@testing-library/react';
import { EARLY_CALLS_GLOBAL, type EarlyAnswer } from '@web-control/contract/console-build';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { settle } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { fakeAccessToken, TEST_CONFIG } from '../../test/tokens';
import { clearModalsForTests } from '../modals/modal-store';
import { setNavigator } from '../navigation';
import { setRuntimeConfig } from '../runtime-config';
import { applyTokens, getAccount, resetAccountForTests } from '../session/session-state';
import { REQUEST_TIMEOUT_MS } from '../timing';
import { EARLY_CALL_MAX_AGE_MS, takeEarlyAnswer } from './early-calls';
import { request, resetTimeoutDialogForTests } from './http-client';
import { HttpTimeoutError } from './http-error';

const fetchMock = vi.fn<typeof fetch>();
const token = fakeAccessToken({ sub: '1', username: 'admin', permissions: [], exp: 4102444800 });
const MAPS_URL = '/api/config/maps';
const maps = z.object({ maps: z.array(z.string()) });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The page's early call as PAGE_BOOT_SCRIPT leaves it, asked `age` ms ago. */
function leave(answer: Partial<EarlyAnswer> & { response: Promise<Response | undefined> }, age = 0) {
  const early: EarlyAnswer = { url: MAPS_URL, token, askedAt: performance.now() - age, ...answer };
  Reflect.set(window, EARLY_CALLS_GLOBAL, [early]);
}

describe('the answer to a screen’s early call', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    vi.stubGlobal('fetch', fetchMock);
    setNavigator(vi.fn());
    resetAccountForTests();
    clearModalsForTests();
    resetTimeoutDialogForTests();
    applyTokens(token, 'refresh-1');
  });
  afterEach(() => {
    Reflect.deleteProperty(window, EARLY_CALLS_GLOBAL);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('is what the screen’s same call gets, once: the next asks the platform', async () => {
    leave({ response: Promise.resolve(json(200, { maps: ['early'] })) });
    fetchMock.mockResolvedValue(json(200, { maps: ['asked'] }));
    expect(await request({ api: 'configApi', path: '/maps', schema: maps })).toEqual({ maps: ['early'] });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await request({ api: 'configApi', path: '/maps', schema: maps })).toEqual({ maps: ['asked'] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not another call’s, nor a write’s', async () => {
    leave({ response: Promise.resolve(json(200, { maps: ['early'] })) });
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { maps: ['asked'] })));
    const withQuery = { api: 'configApi', path: '/maps', query: { 'only-pending-review': 'true' } } as const;
    expect(await request({ ...withQuery, schema: maps })).toEqual({ maps: ['asked'] });
    await request({ api: 'configApi', path: '/maps', method: 'POST', body: {}, schema: z.unknown() });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is dropped when refused, and the screen asks itself without ending the session', async () => {
    leave({ response: Promise.resolve(json(401, { errorMessage: 'Sign in again' })) });
    fetchMock.mockResolvedValue(json(200, { maps: ['asked'] }));
    expect(await request({ api: 'configApi', path: '/maps', schema: maps })).toEqual({ maps: ['asked'] });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(MAPS_URL);
    expect(getAccount().isAuthenticated).toBe(true);
  });

  it('is dropped when the call failed on its way', async () => {
    leave({ response: Promise.resolve(undefined) });
    fetchMock.mockResolvedValue(json(200, { maps: ['asked'] }));
    expect(await request({ api: 'configApi', path: '/maps', schema: maps })).toEqual({ maps: ['asked'] });
  });

  it('is dropped when asked with another token or too long ago', () => {
    leave({ response: Promise.resolve(json(200, {})), token: 'an-older-token' });
    expect(takeEarlyAnswer(MAPS_URL, token)).toBeUndefined();
    leave({ response: Promise.resolve(json(200, {})) }, EARLY_CALL_MAX_AGE_MS + 1);
    expect(takeEarlyAnswer(MAPS_URL, token)).toBeUndefined();
    leave({ response: Promise.resolve(json(200, {})) }, EARLY_CALL_MAX_AGE_MS - 100);
    expect(takeEarlyAnswer(MAPS_URL, token)).toBeInstanceOf(Promise);
    expect(takeEarlyAnswer(MAPS_URL, token), 'taken once').toBeUndefined();
  });

  it('is awaited no longer than any call: past the time-out the console apologises', async () => {
    vi.useFakeTimers();
    leave({ response: new Promise(() => undefined) });
    renderWithProviders(<p>page</p>);
    const pending = request({ api: 'configApi', path: '/maps', schema: maps }).catch((e: unknown) => e);
    await settle(REQUEST_TIMEOUT_MS);
    expect(await pending).toBeInstanceOf(HttpTimeoutError);
    expect(fetchMock).not.toHaveBeenCalled();
    vi.useRealTimers();
    expect(await screen.findByText('Apologies')).toBeInTheDocument();
  });
});
