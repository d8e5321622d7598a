import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { applyTokens, getAccount, resetAccountForTests } from '../../../shared/session/session-state';
import { ACCESS_TOKEN_KEY, markSignedOut, REFRESH_TOKEN_KEY } from '../../../shared/session/token-storage';
import { settle } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { fakeAccessToken, TEST_CONFIG } from '../../../test/tokens';
import { buildSingleSignOnUrl, startSingleSignOn, type SingleSignOnQuery } from '../api/start-single-sign-on';
import { LoginPage } from './login-page';
import { SSO_COMPANY_HINTS_KEY, storeSsoEntry, takeSsoEntry } from './sso-state';

vi.mock('../api/start-single-sign-on', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/start-single-sign-on')>()),
  startSingleSignOn: vi.fn(),
}));

const redirect = vi.mocked(startSingleSignOn);
const fetchMock = vi.fn<typeof fetch>();
const SSO_CONFIG = {
  ...TEST_CONFIG,
  authProvider: 'identity-provider',
  identityProviderName: 'Bank ID',
  companyIdentityProvider: 'corp-idp',
  companyDomain: 'bank.example',
} as const;
const REDIRECT_URI = `${window.location.origin}/login`;
/** Long past any redirect the page could start on opening. */
const REDIRECT_WAIT_MS = 1_000;

function renderLogin(search = '', state?: unknown) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard/*', element: <p>Dashboard page</p> },
    ],
    { path: `/login${search}`, state },
  );
}

function lastRedirect(): SingleSignOnQuery {
  const query = redirect.mock.lastCall?.[0];
  if (query === undefined) throw new Error('the page did not redirect');
  return query;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('login page with single sign-on', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...SSO_CONFIG });
    resetAccountForTests();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    redirect.mockReset();
  });

  it('shows the provider button instead of the password form and redirects at once', async () => {
    renderLogin('?from=%2Fdashboard%2Ftransactions&login_hint=jo');
    expect(screen.getByRole('button', { name: 'Sign in with Bank ID' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Forgot your password?' })).toBeNull();
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));

    const query = lastRedirect();
    expect(query.redirectUri).toBe(REDIRECT_URI);
    expect(query.state).toMatch(/^[\w-]{43}$/);
    expect(query.extras).toEqual({ login_hint: 'jo' });
    expect(takeSsoEntry(query.state)).toMatchObject({ from: '/dashboard/transactions' });
    expect(buildSingleSignOnUrl(query)).toBe(
      `/api/auth/login/auth?login_hint=jo&redirectUri=${encodeURIComponent(REDIRECT_URI)}&state=${query.state}`,
    );
  });

  it('after a logout waits for the button instead of going straight back to the provider', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    markSignedOut();
    renderLogin();
    const button = screen.getByRole('button', { name: 'Sign in with Bank ID' });
    await settle(REDIRECT_WAIT_MS);
    expect(redirect).not.toHaveBeenCalled();
    await user.click(button);
    expect(redirect).toHaveBeenCalledTimes(1);

    redirect.mockReset();
    renderLogin();
    await waitFor(() => expect(redirect, 'the marker holds for one visit only').toHaveBeenCalledTimes(1));
  });

  it('stores the page from navigation state, and only pages of the console', async () => {
    renderLogin('', { from: '/dashboard/admin/users' });
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    expect(takeSsoEntry(lastRedirect().state)).toMatchObject({ from: '/dashboard/admin/users' });

    redirect.mockReset();
    renderLogin('?from=https%3A%2F%2Fevil.example');
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    expect(takeSsoEntry(lastRedirect().state)?.from).toBeUndefined();
  });

  it('remembers the company hints and sends them with later logins', async () => {
    renderLogin('?idp_hint=corp-idp&domain_hint=bank.example');
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    expect(localStorage.getItem(SSO_COMPANY_HINTS_KEY)).toBe('true');

    redirect.mockReset();
    renderLogin();
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    expect(lastRedirect().extras).toEqual({ idp_hint: 'corp-idp', domain_hint: 'bank.example' });
  });

  it('exchanges a returned code, applies the tokens and lands on the stored page', async () => {
    const access = fakeAccessToken({
      sub: '1',
      username: 'admin',
      permissions: ['MANAGE_USERS'],
      exp: 4102444800,
    });
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    storeSsoEntry('returned-state-value', '/dashboard/admin/users');

    const { router } = renderLogin('?code=the-code&state=returned-state-value&iss=https%3A%2F%2Fidp.example');
    expect(await screen.findByRole('status')).toHaveTextContent('Signing you in…');
    answer(jsonResponse(200, { access_token: access, refresh_token: 'r1' }));

    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/users');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(access);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('r1');
    expect(getAccount()).toMatchObject({ isAuthenticated: true, username: 'admin' });
    expect(redirect).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login/token');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({
      redirectUri: REDIRECT_URI,
      code: 'the-code',
      state: 'returned-state-value',
      iss: 'https://idp.example',
    });
    expect(takeSsoEntry('returned-state-value')).toBeUndefined();
  });

  it('lands on the default page when no page was stored', async () => {
    const access = fakeAccessToken({ sub: '1', username: 'support', permissions: [], exp: 4102444800 });
    fetchMock.mockResolvedValue(jsonResponse(200, { access_token: access, refresh_token: 'r1' }));
    storeSsoEntry('returned-state-value', undefined);
    const { router } = renderLogin('?code=the-code&state=returned-state-value');
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/home');
  });

  it('clears the hints flag and starts over at /login when the state is unknown', async () => {
    localStorage.setItem(SSO_COMPANY_HINTS_KEY, 'true');
    const { router } = renderLogin('?code=the-code&state=tampered-state-value');
    // Back on /login without a code: off to the provider again, without the forgotten hints.
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    expect(lastRedirect().extras).toEqual({});
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem(SSO_COMPANY_HINTS_KEY)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the platform’s message when the exchange is refused', async () => {
    const message = 'No Web Control account matches this sign-in. Ask an administrator to create one.';
    fetchMock.mockResolvedValue(jsonResponse(403, { errorMessage: message, code: 'UNKNOWN_IDENTITY' }));
    storeSsoEntry('returned-state-value', '/dashboard/home');
    renderLogin('?code=the-code&state=returned-state-value');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(getAccount().isAuthenticated).toBe(false);
    expect(redirect).not.toHaveBeenCalled();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with Bank ID' }));
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(lastRedirect().extras).toEqual({});
  });

  it('says so when the provider answers with an error instead of a code', async () => {
    storeSsoEntry('returned-state-value', '/dashboard/home');
    renderLogin('?error=access_denied&state=returned-state-value');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in at the identity provider did not complete. Please try again.',
    );
    expect(redirect).not.toHaveBeenCalled();
  });

  it('does not bounce a signed-in user who may not open a page back to the provider', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const access = fakeAccessToken({ sub: '1', username: 'support', permissions: [], exp: 4102444800 });
    applyTokens(access, 'r1', false);
    renderLogin('?from=%2Fdashboard%2Fadmin%2Fusers');
    expect(screen.getByText(/Your account may not open the page you asked for/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Bank ID' })).toBeInTheDocument();
    await settle(REDIRECT_WAIT_MS);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('labels the button generically when the provider has no configured name', () => {
    setRuntimeConfig({ ...SSO_CONFIG, identityProviderName: undefined });
    renderLogin('?error=access_denied');
    expect(screen.getByRole('button', { name: 'Sign in with your identity provider' })).toBeInTheDocument();
  });
});
