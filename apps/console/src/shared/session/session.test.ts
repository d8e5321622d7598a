import { notifications } from '@mantine/notifications';
import { act, renderHook } from '@testing-library/react';
import { PERMISSIONS_CHANGED_HEADER } from '@web-control/contract/auth';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import { request } from '../http/http-client';
import { PERMISSIONS_RECHECK_MS } from '../timing';
import { fakeAccessToken, TEST_CONFIG } from '../../test/tokens';
import { setNavigator, setReloader } from '../navigation';
import { setRuntimeConfig } from '../runtime-config';
import { keepSessionFresh, refreshSession, restoreSession } from './session';
import { showOtherTabSignInNotice } from './other-tab-sign-in';
import { getAccount, holdsSession, resetAccountForTests, useAccount } from './session-state';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, readStoredTokens } from './token-storage';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
const reload = vi.fn();
const inAnHour = Math.floor(Date.now() / 1000) + 3600;
const claims = { sub: '1', username: 'jo', permissions: ['VIEW_TRANSACTIONS'] };
const freshToken = fakeAccessToken({ ...claims, exp: inAnHour });
const expiredToken = fakeAccessToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 });

function tokenPair(access: string, refresh: string): Response {
  return new Response(JSON.stringify({ access_token: access, refresh_token: refresh }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

describe('session', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    vi.stubGlobal('fetch', fetchMock);
    setNavigator(navigate);
    setReloader(reload);
    resetAccountForTests();
    window.history.pushState({}, '', '/dashboard/home');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    navigate.mockReset();
    reload.mockReset();
    vi.restoreAllMocks();
  });

  it('restores a stored pair without calling the platform while the token is fresh', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, freshToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    await restoreSession();
    expect(getAccount()).toMatchObject({ isAuthenticated: true, username: 'jo', loading: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restored again (main.tsx, then the console), the same pair draws no reader again', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, freshToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    await restoreSession();
    let renders = 0;
    renderHook(() => {
      renders += 1;
      return useAccount();
    });
    expect(renders).toBe(1);
    await act(() => restoreSession());
    expect(renders).toBe(1);
  });

  it('forgets a lone token: the user must sign in again', async () => {
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    await restoreSession();
    expect(getAccount()).toMatchObject({ isAuthenticated: false, loading: false });
    expect(readStoredTokens()).toEqual({ accessToken: null, refreshToken: null });
  });

  it('refreshes an expiring stored token before the session is used', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, expiredToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    fetchMock.mockResolvedValue(tokenPair(freshToken, 'r2'));
    await restoreSession();
    expect(getAccount()).toMatchObject({ isAuthenticated: true, accessToken: freshToken });
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('r2');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/refresh-token');
    expect(init?.body).toBe('{"refreshToken":"r1"}');
  });

  it('runs one refresh at a time', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, expiredToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    fetchMock.mockResolvedValue(tokenPair(freshToken, 'r2'));
    await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ends the session at /login when the refresh token is refused', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, expiredToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'spent');
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ errorMessage: 'Please sign in again', code: 'INVALID_REFRESH_TOKEN' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await restoreSession();
    expect(getAccount().isAuthenticated).toBe(false);
    expect(readStoredTokens()).toEqual({ accessToken: null, refreshToken: null });
    expect(navigate).toHaveBeenCalledWith('/login?from=%2Fdashboard%2Fhome', { replace: true });
  });

  it('adopts a pair another tab already refreshed instead of spending the refresh token again', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, expiredToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    fetchMock.mockResolvedValue(tokenPair(freshToken, 'r2'));
    await restoreSession();
    // Another tab rotated the pair while this one held the old access token.
    const otherTabToken = fakeAccessToken({ ...claims, exp: inAnHour + 60 });
    localStorage.setItem(ACCESS_TOKEN_KEY, otherTabToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r3');
    await refreshSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getAccount().accessToken).toBe(otherTabToken);
  });

  it('refreshes the token when the platform says the user’s permissions changed, at most once in 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    localStorage.setItem(ACCESS_TOKEN_KEY, freshToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    await restoreSession();
    const stop = keepSessionFresh();
    onTestFinished(stop);
    const promoted = fakeAccessToken({
      ...claims,
      permissions: ['VIEW_TRANSACTIONS', 'EDIT_MAPS'],
      exp: inAnHour,
    });
    const changed = () =>
      new Response('{}', {
        status: 200,
        headers: { 'content-type': 'application/json', [PERMISSIONS_CHANGED_HEADER]: 'true' },
      });
    // The console calls fetch with a path.
    const isRefresh = (url: unknown) => typeof url === 'string' && url.endsWith('/refresh-token');
    fetchMock.mockImplementation((url) =>
      Promise.resolve(isRefresh(url) ? tokenPair(promoted, 'r2') : changed()),
    );
    const refreshes = () => fetchMock.mock.calls.filter(([url]) => isRefresh(url));

    await request({ api: 'authApi', path: '/me', schema: z.unknown() });
    await vi.waitFor(() => expect(getAccount().userPermissions).toEqual(['VIEW_TRANSACTIONS', 'EDIT_MAPS']));
    expect(refreshes()).toHaveLength(1);
    expect(readStoredTokens()).toEqual({ accessToken: promoted, refreshToken: 'r2' });

    // Said again at once (an answer signed before the refresh): no second refresh within 10 s.
    await request({ api: 'authApi', path: '/me', schema: z.unknown() });
    expect(refreshes()).toHaveLength(1);
    vi.advanceTimersByTime(PERMISSIONS_RECHECK_MS);
    await request({ api: 'authApi', path: '/me', schema: z.unknown() });
    await vi.waitFor(() => expect(refreshes()).toHaveLength(2));
  });

  it('refreshes a stored access token it cannot read, as one about to expire (specification §8)', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'garbage.garbage.garbage');
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    fetchMock.mockResolvedValue(tokenPair(freshToken, 'r2'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await restoreSession();
    expect(getAccount()).toMatchObject({ isAuthenticated: true, accessToken: freshToken });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh-token']);
    expect(navigate).not.toHaveBeenCalled();
  });

  describe('another tab signing in', () => {
    const adminToken = fakeAccessToken({
      sub: '2',
      username: 'admin',
      permissions: ['MANAGE_USERS'],
      exp: inAnHour,
    });

    async function signedInAsJo() {
      localStorage.setItem(ACCESS_TOKEN_KEY, freshToken);
      localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
      await restoreSession();
      const stop = keepSessionFresh();
      onTestFinished(stop);
    }

    function otherTabStores(accessToken: string, refreshToken: string) {
      localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
      localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
      window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY }));
    }

    it('as another user: this tab never works as them with what it holds, it opens again and says why', async () => {
      await signedInAsJo();
      otherTabStores(adminToken, 'r-admin');
      expect(reload).toHaveBeenCalledTimes(1);
      expect(getAccount().username, 'nothing more is sent as admin from what jo typed').toBe('jo');
      expect(holdsSession(), 'no form asks to stay').toBe(false);
      expect(readStoredTokens(), 'admin stays signed in').toEqual({
        accessToken: adminToken,
        refreshToken: 'r-admin',
      });

      // The page loads again: the session restored is admin's, and the notice says why, once.
      resetAccountForTests();
      await restoreSession();
      const show = vi.spyOn(notifications, 'show').mockReturnValue('');
      showOtherTabSignInNotice();
      showOtherTabSignInNotice();
      expect(show.mock.calls.map(([notice]) => notice.message)).toEqual([
        'admin signed in on another tab of this browser, so this tab now works as admin. Anything typed here as jo and not saved was dropped.',
      ]);
    });

    it('says nothing after that reload when the tab did not open as them (their session ended meanwhile)', async () => {
      await signedInAsJo();
      otherTabStores(adminToken, 'r-admin');
      resetAccountForTests();
      localStorage.clear();
      await restoreSession();
      const show = vi.spyOn(notifications, 'show').mockReturnValue('');
      showOtherTabSignInNotice();
      expect(show).not.toHaveBeenCalled();
    });

    it('as another user while this tab refreshes: no refresh is spent, the tab opens again', async () => {
      localStorage.setItem(ACCESS_TOKEN_KEY, expiredToken);
      localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
      fetchMock.mockResolvedValue(tokenPair(freshToken, 'r2'));
      await restoreSession();
      localStorage.setItem(ACCESS_TOKEN_KEY, adminToken);
      await refreshSession();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(reload).toHaveBeenCalledTimes(1);
      expect(getAccount().accessToken).toBe(freshToken);
    });

    it('as another user while this tab’s refresh is answered: their pair stays stored', async () => {
      localStorage.setItem(ACCESS_TOKEN_KEY, expiredToken);
      localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
      fetchMock.mockResolvedValueOnce(tokenPair(freshToken, 'r2'));
      await restoreSession();
      const stop = keepSessionFresh();
      onTestFinished(stop);
      let answer: (response: Response) => void = () => {};
      fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
      localStorage.setItem(ACCESS_TOKEN_KEY, expiredToken);
      const refreshing = refreshSession();
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));

      otherTabStores(adminToken, 'r-admin');
      answer(tokenPair(fakeAccessToken({ ...claims, exp: inAnHour + 60 }), 'r3'));
      await refreshing;
      expect(readStoredTokens()).toEqual({ accessToken: adminToken, refreshToken: 'r-admin' });
      expect(reload).toHaveBeenCalledTimes(1);
    });

    it('with a token this tab cannot read: refreshed, as one about to expire', async () => {
      await signedInAsJo();
      vi.spyOn(console, 'error').mockImplementation(() => {});
      fetchMock.mockResolvedValue(tokenPair(adminToken, 'r-admin'));
      otherTabStores('garbage.garbage.garbage', 'r5');
      await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh-token']);
    });

    it('as the same user: this tab takes the new pair and goes on', async () => {
      await signedInAsJo();
      const again = fakeAccessToken({ ...claims, exp: inAnHour + 120 });
      otherTabStores(again, 'r9');
      expect(getAccount()).toMatchObject({ accessToken: again, username: 'jo' });
      expect(reload).not.toHaveBeenCalled();
      expect(holdsSession()).toBe(true);
    });
  });
});
