import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignInLock } from '@web-control/contract/admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../shared/format/dates';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { jsonResponse, routeFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { SIGN_IN_LOCK_TEXTS } from '../sign-in-lock-texts';
import { USER_DETAIL_ROUTES as routes, USER_JO as user, USER_PATH } from './user-detail-fixtures';

const LOCK = '/api/auth/manage/users/u-1/sign-in-lock';
const LOCKED_UNTIL = '2026-12-07T09:30:00.000Z';

const NOT_FOUND = { errorMessage: 'This user does not exist', code: 'NOT_FOUND' };

/**
 * The platform's lock, locked until it is unlocked; `unlockAnswer` stands for someone else's change
 * first: the lock ended (409) or the user deleted (404, and so are the reads after it).
 */
function setup(first: SignInLock, unlockAnswer?: 404 | 409) {
  let lock = first;
  let deleted = false;
  const fetch = routeFetch({
    'GET /api/auth/manage/users/u-1': () =>
      deleted ? jsonResponse(404, NOT_FOUND) : jsonResponse(200, user),
    [`GET ${LOCK}`]: () => (deleted ? jsonResponse(404, NOT_FOUND) : jsonResponse(200, lock)),
    [`DELETE ${LOCK}`]: () => {
      lock = { lockedUntil: null, failedAttempts: 0 };
      if (unlockAnswer === 404) deleted = true;
      if (unlockAnswer === 409)
        return jsonResponse(409, { errorMessage: 'This user is not locked out.', code: 'CONFLICT' });
      return unlockAnswer === 404 ? jsonResponse(404, NOT_FOUND) : new Response(null, { status: 204 });
    },
  });
  vi.stubGlobal('fetch', fetch.fetchMock);
  return fetch;
}

async function signInRow(): Promise<HTMLElement> {
  const name = await screen.findByRole('rowheader', { name: SIGN_IN_LOCK_TEXTS.name });
  return name.closest('tr') as HTMLElement;
}

describe('a user’s password sign-in lock', () => {
  beforeEach(() => setRuntimeConfig({ ...TEST_CONFIG }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows a lock with its end, and Unlock lifts it with a toast', async () => {
    const { calls } = setup({ lockedUntil: LOCKED_UNTIL, failedAttempts: 0 });
    renderRoutes(routes, { path: USER_PATH });
    const row = await signInRow();
    expect(
      await within(row).findByText(SIGN_IN_LOCK_TEXTS.locked(formatDateTime(LOCKED_UNTIL))),
    ).toBeInTheDocument();

    await userEvent.setup().click(within(row).getByRole('button', { name: 'Unlock jo' }));
    expect(await screen.findByText('jo can sign in with their password again.')).toBeInTheDocument();
    expect(await within(row).findByText(SIGN_IN_LOCK_TEXTS.open)).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([LOCK]);
  });

  it('counts wrong passwords while not locked', async () => {
    setup({ lockedUntil: null, failedAttempts: 3 });
    renderRoutes(routes, { path: USER_PATH });
    const row = await signInRow();
    expect(await within(row).findByText('Not locked; 3 wrong passwords in a row')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('an unlock refused as the lock ended meanwhile says so, and the row reads it again', async () => {
    setup({ lockedUntil: LOCKED_UNTIL, failedAttempts: 0 }, 409);
    renderRoutes(routes, { path: USER_PATH });
    const row = await signInRow();
    await userEvent.setup().click(await within(row).findByRole('button', { name: 'Unlock jo' }));
    expect(await screen.findByText('This user is not locked out.')).toBeInTheDocument();
    expect(await within(row).findByText(SIGN_IN_LOCK_TEXTS.open)).toBeInTheDocument();
  });

  it('an unlock refused as the user was deleted meanwhile says so, and the page says they are gone', async () => {
    setup({ lockedUntil: LOCKED_UNTIL, failedAttempts: 0 }, 404);
    renderRoutes(routes, { path: USER_PATH });
    const row = await signInRow();
    await userEvent.setup().click(await within(row).findByRole('button', { name: 'Unlock jo' }));
    expect(await screen.findByText('This user does not exist')).toBeInTheDocument();
    expect(await screen.findByText('This user does not exist (any more).')).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: SIGN_IN_LOCK_TEXTS.name })).toBeNull();
  });

  it('says when the lock cannot be checked, and Try again asks once more', async () => {
    let answers = 0;
    const { fetchMock } = setup({ lockedUntil: null, failedAttempts: 0 });
    const working = fetchMock.getMockImplementation();
    fetchMock.mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.endsWith('/sign-in-lock') && answers++ === 0) {
        return Promise.resolve(jsonResponse(500, { errorMessage: 'Failed', code: 'INTERNAL' }));
      }
      return working?.(input, init) ?? Promise.reject(new Error('no fetch'));
    });
    renderRoutes(routes, { path: USER_PATH });
    const row = await signInRow();
    expect(await within(row).findByText(SIGN_IN_LOCK_TEXTS.loadFailed)).toBeInTheDocument();
    await userEvent.setup().click(within(row).getByRole('button', { name: SIGN_IN_LOCK_TEXTS.retry }));
    expect(await within(row).findByText(SIGN_IN_LOCK_TEXTS.open)).toBeInTheDocument();
  });

  it('is not shown while the identity provider signs users in', async () => {
    setRuntimeConfig({ ...TEST_CONFIG, authProvider: 'identity-provider' });
    const { calls } = setup({ lockedUntil: LOCKED_UNTIL, failedAttempts: 0 });
    renderRoutes(routes, { path: USER_PATH });
    expect(await screen.findByRole('heading', { name: 'jo' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: SIGN_IN_LOCK_TEXTS.name })).toBeNull();
    expect(calls.some((call) => call.path === LOCK)).toBe(false);
  });
});
