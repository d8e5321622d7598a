import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { refreshSession } from '../../../shared/session/session';
import { getAccount, resetAccountForTests } from '../../../shared/session/session-state';
import { idleSignedOutNotice } from '../../../shared/session/idle';
import { ACCESS_TOKEN_KEY, markIdleSignOut, storeTokens } from '../../../shared/session/token-storage';
import { renderRoutes } from '../../../test/render';
import { fakeAccessToken, TEST_CONFIG } from '../../../test/tokens';
import { LoginPage } from './login-page';

const fetchMock = vi.fn<typeof fetch>();

function renderLogin(state?: unknown, search = '') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard/*', element: <p>Dashboard page</p> },
      { path: '/forgot', element: <p>Forgot page</p> },
    ],
    { path: `/login${search}`, state },
  );
}

describe('login page', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    resetAccountForTests();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('says why the user is there after an idle sign-out, until the next sign-in', () => {
    markIdleSignOut();
    const first = renderLogin();
    expect(screen.getByRole('status')).toHaveTextContent(idleSignedOutNotice());
    first.unmount();
    storeTokens(fakeAccessToken({ sub: '1', username: 'jo', permissions: [] }), 'r1');
    localStorage.clear();
    renderLogin();
    expect(screen.queryByText(idleSignedOutNotice())).not.toBeInTheDocument();
  });

  it('says the idle sign-out text when the platform refuses the refresh of an idle session', async () => {
    storeTokens(fakeAccessToken({ sub: '1', username: 'jo', permissions: [], exp: 1 }), 'r1');
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          errorMessage: 'Your session has expired. Please sign in again.',
          code: 'SESSION_IDLE',
        }),
        { status: 401, headers: { 'content-type': 'application/json' } },
      ),
    );
    await refreshSession();
    expect(getAccount().isAuthenticated).toBe(false);
    renderLogin();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You were signed out after 15 minutes without activity',
    );
  });

  it('says nothing of idleness when a refresh is refused for another reason', async () => {
    storeTokens(fakeAccessToken({ sub: '1', username: 'jo', permissions: [], exp: 1 }), 'r1');
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          errorMessage: 'Your session has expired. Please sign in again.',
          code: 'INVALID_REFRESH_TOKEN',
        }),
        { status: 401, headers: { 'content-type': 'application/json' } },
      ),
    );
    await refreshSession();
    renderLogin();
    expect(screen.queryByText(idleSignedOutNotice())).not.toBeInTheDocument();
  });

  it('keeps Submit disabled until both fields are filled and explains each missing field', async () => {
    const user = userEvent.setup();
    renderLogin();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    // A phone keyboard neither capitalises nor corrects the name.
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocapitalize', 'none');
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocorrect', 'off');

    await user.click(screen.getByLabelText('Username'));
    await user.click(screen.getByLabelText('Password'));
    await user.click(document.body);
    expect(await screen.findByText('Please enter a valid username')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('shows the notice and prefilled username passed in navigation state', () => {
    renderLogin({ message: 'Excellent, you can now log in below', username: 'new.user' });
    expect(screen.getByRole('status')).toHaveTextContent('Excellent, you can now log in below');
    expect(screen.getByLabelText('Username')).toHaveValue('new.user');
  });

  it('says the credentials are wrong when the platform answers 401', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ errorMessage: 'Incorrect username or password', code: 'INVALID_CREDENTIALS' }),
        {
          status: 401,
          headers: { 'content-type': 'application/json' },
        },
      ),
    );
    renderLogin();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password');
    expect(getAccount().isAuthenticated).toBe(false);
  });

  it('signs in, stores the tokens and lands on the page first asked for', async () => {
    const user = userEvent.setup();
    const access = fakeAccessToken({
      sub: '1',
      username: 'admin',
      permissions: ['MANAGE_USERS'],
      exp: 4102444800,
    });
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ access_token: access, refresh_token: 'r1' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const { router } = renderLogin(undefined, '?from=%2Fdashboard%2Fadmin%2Fusers');
    // The username goes as the schema reads it, trimmed.
    await user.type(screen.getByLabelText('Username'), ' admin ');
    await user.type(screen.getByLabelText('Password'), 'right');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/users');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(access);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({
      username: 'admin',
      password: 'right',
    });
  });

  it('links to the password reset page and to support', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot');
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('href', TEST_CONFIG.supportUrl);
  });

  it('hides the Support link when no support address is configured', () => {
    setRuntimeConfig({ ...TEST_CONFIG, supportUrl: undefined });
    renderLogin();
    expect(screen.queryByRole('link', { name: 'Support' })).toBeNull();
  });
});
