import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { setRuntimeConfig } from '../../shared/runtime-config';
import { jsonResponse, routeFetch } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { TEST_CONFIG } from '../../test/tokens';
import { EnrolmentPage } from './enrolment-page';
import { ResetPasswordPage } from './reset-password-page';

function LoginProbe() {
  const location = useLocation();
  return <pre data-testid="login-state">{JSON.stringify(location.state)}</pre>;
}

const routes = [
  { path: '/forgot', element: <ResetPasswordPage /> },
  { path: '/reset/:token', element: <ResetPasswordPage /> },
  { path: '/enroll/:token', element: <EnrolmentPage /> },
  { path: '/login', element: <LoginProbe /> },
];

describe('password pages', () => {
  beforeEach(() => setRuntimeConfig({ ...TEST_CONFIG }));
  afterEach(() => vi.unstubAllGlobals());

  it.each([204, 500])('says a link was sent whatever the platform answered (%i)', async (status) => {
    const { fetchMock, calls } = routeFetch({
      'POST /api/auth/manage/users/forgot': () => jsonResponse(status, {}),
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/forgot' });
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'jo@bank.example');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('status')).toHaveTextContent("We've sent you a reset link");
    expect(calls).toEqual([
      { method: 'POST', path: '/api/auth/manage/users/forgot', body: { email: 'jo@bank.example' } },
    ]);
    expect(screen.getByRole('link', { name: 'Take me back to login' })).toHaveAttribute('href', '/login');
  });

  it('checks the new password rules in order, then the match', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/reset/abc' });
    expect(screen.getByRole('heading', { name: 'Choose a Password' })).toBeInTheDocument();
    const password = screen.getByLabelText('Password', { exact: true });
    expect(password, 'the rules said before any is broken').toHaveAccessibleDescription(
      'At least 12 characters, with upper and lower case letters, a digit and a symbol.',
    );
    await user.type(password, 'lowercase');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(
      await screen.findByText('Password must contain at least 1 upper case character'),
    ).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Abcdefgh1');
    expect(
      await screen.findByText('Password must contain at least 1 non-alphanumeric character'),
    ).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Abcdefgh1!');
    expect(await screen.findByText('Password must be at least 12 characters long')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Summer2026!!');
    expect(
      await screen.findByText('Password must not be a season or a month with a year'),
    ).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Abcdefghij1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Abcdefghij1?');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
  });

  it('goes to /login with the notice and the username once the password is set', async () => {
    const { fetchMock, calls } = routeFetch({
      'POST /api/auth/manage/users/reset/tok%2F1': () => jsonResponse(200, { username: 'jo' }),
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/reset/tok%2F1' });
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Abcdefghij1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Abcdefghij1!');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(JSON.parse((await screen.findByTestId('login-state')).textContent)).toEqual({
      message: 'Excellent, you can now log in below',
      username: 'jo',
    });
    expect(calls[0]?.body).toEqual({ password: 'Abcdefghij1!' });
  });

  it('shows the expiry of a refused reset link on the form', async () => {
    const { fetchMock } = routeFetch({
      'POST /api/auth/manage/users/reset/old': () =>
        jsonResponse(410, { errorMessage: 'gone', code: 'LINK_EXPIRED' }),
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/reset/old' });
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Abcdefghij1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Abcdefghij1!');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired');
  });

  it("shows the platform's reason when it refuses the password itself, and the expiry text on any other failure", async () => {
    let answer = jsonResponse(400, {
      errorMessage: 'This password is too common. Choose another.',
      code: 'VALIDATION_FAILED',
    });
    const { fetchMock } = routeFetch({ 'POST /api/auth/manage/users/reset/fresh': () => answer });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/reset/fresh' });
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Password123!xyz');
    await user.type(screen.getByLabelText('Confirm password'), 'Password123!xyz');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const password = screen.getByLabelText('Password', { exact: true });
    await waitFor(() =>
      expect(password, 'said at the field').toHaveAccessibleDescription(
        expect.stringContaining('This password is too common. Choose another.'),
      ),
    );
    expect(password, 'taken to the field, so its reason is read out').toHaveFocus();
    expect(screen.queryByText('This reset link has expired')).toBeNull();
    await user.type(password, 'Q');
    expect(
      screen.queryByText('This password is too common. Choose another.'),
      'gone once changed',
    ).toBeNull();
    await user.type(screen.getByLabelText('Confirm password'), 'Q');

    answer = jsonResponse(503, { errorMessage: 'down', code: 'UNAVAILABLE' });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('This reset link has expired')).toBeInTheDocument();
  });

  it('enrolment says its own link expired', async () => {
    const { fetchMock } = routeFetch({
      'POST /api/auth/manage/users/reset/old': () =>
        jsonResponse(410, { errorMessage: 'gone', code: 'LINK_EXPIRED' }),
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/enroll/old' });
    expect(screen.getByRole('heading', { name: 'Choose a Password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Abcdefghij1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Abcdefghij1!');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This enrolment link has expired');
  });

  it('with single sign-on the pages send the user to /login', async () => {
    setRuntimeConfig({ ...TEST_CONFIG, authProvider: 'identity-provider' });
    renderRoutes(routes, { path: '/forgot' });
    expect(await screen.findByTestId('login-state')).toBeInTheDocument();
  });
});
