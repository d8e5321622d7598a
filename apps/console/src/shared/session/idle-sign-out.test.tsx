import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, routeFetch } from '../../test/fetch';
import { fakeAccessToken, TEST_CONFIG } from '../../test/tokens';
import { setRuntimeConfig } from '../runtime-config';
import { IDLE_WARNING_TEXT, IDLE_WARNING_TITLE } from './idle';
import { handleIdlePhase } from './idle-sign-out';
import { applyTokens, getAccount, resetAccountForTests } from './session-state';
import { readStoredTokens, isIdleSignOutMarked, takeSignedOutMarker } from './token-storage';

const token = fakeAccessToken({ sub: '1', username: 'jo', permissions: [], exp: Date.now() / 1000 + 3600 });

describe('idle sign-out', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    resetAccountForTests();
    applyTokens(token, 'refresh-1');
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the warning a minute before and takes it back when the user is active again', async () => {
    act(() => handleIdlePhase('warning'));
    expect(await screen.findByText(IDLE_WARNING_TITLE)).toBeInTheDocument();
    expect(screen.getByText(IDLE_WARNING_TEXT)).toBeInTheDocument();
    act(() => handleIdlePhase('active'));
    await waitFor(() => expect(screen.queryByText(IDLE_WARNING_TITLE)).not.toBeInTheDocument());
  });

  it('ends the session on the platform, forgets the tokens and loads /login with the notice, remembering the screen', async () => {
    const { fetchMock, calls } = routeFetch({ 'POST /api/auth/logout': () => jsonResponse(204, null) });
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/dashboard/transactions?receiver=R1');
    const leave = vi.fn();
    act(() => handleIdlePhase('expired', leave));
    await waitFor(() =>
      expect(leave).toHaveBeenCalledWith('/login?from=%2Fdashboard%2Ftransactions%3Freceiver%3DR1'),
    );
    expect(calls).toEqual([
      { method: 'POST', path: '/api/auth/logout', body: { refresh_token: 'refresh-1' } },
    ]);
    expect(readStoredTokens()).toEqual({ accessToken: null, refreshToken: null });
    expect(getAccount().isAuthenticated).toBe(false);
    expect(isIdleSignOutMarked()).toBe(true);
    applyTokens(token, 'refresh-2');
    expect(isIdleSignOutMarked(), 'the next sign-in clears the notice').toBe(false);
    expect(takeSignedOutMarker()).toBe(true);
  });

  it('keeps the screen a turned-away user was asking for when signed out at /login', async () => {
    vi.stubGlobal('fetch', routeFetch({ 'POST /api/auth/logout': () => jsonResponse(204, null) }).fetchMock);
    window.history.replaceState(null, '', '/login?from=%2Fdashboard%2Fadmin');
    const leave = vi.fn();
    act(() => handleIdlePhase('expired', leave));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/login?from=%2Fdashboard%2Fadmin'));
  });

  it('signs this console out even when the platform cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.reject(new TypeError('offline'))),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const leave = vi.fn();
    act(() => handleIdlePhase('expired', leave));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?from=/)));
    expect(readStoredTokens()).toEqual({ accessToken: null, refreshToken: null });
  });
});
