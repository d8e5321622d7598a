import { isRefusal } from '../http/error-message';
import { tokenPairSchema } from '@web-control/contract/auth';
import { ERROR_CODES } from '@web-control/contract/errors';
import { request } from '../http/http-client';
import { PERMISSIONS_RECHECK_MS, TOKEN_CHECK_INTERVAL_MS } from '../timing';
import { isExpiring, readClaims } from './access-token';
import { isOtherUsersToken, openAgainAsOtherUser } from './other-tab-sign-in';
import {
  applyTokens,
  dispatchAccount,
  expireSession,
  getAccount,
  listenForPermissionChanges,
  signOutLocally,
  storePair,
} from './session-state';
import { ACCESS_TOKEN_KEY, markIdleSignOut, readStoredTokens, REFRESH_TOKEN_KEY } from './token-storage';

const REFRESH_LOCK = 'web-control-token-refresh';

let refreshInFlight: Promise<void> | undefined;

async function exchangeRefreshToken(): Promise<void> {
  // Another tab may have refreshed while this one waited for the lock.
  const stored = readStoredTokens();
  if (!stored.accessToken || !stored.refreshToken) {
    expireSession();
    return;
  }
  if (isOtherUsersToken(stored.accessToken)) {
    openAgainAsOtherUser(stored.accessToken);
    return;
  }
  if (stored.accessToken !== getAccount().accessToken && !isExpiring(stored.accessToken, Date.now())) {
    applyTokens(stored.accessToken, stored.refreshToken, false);
    return;
  }
  try {
    const pair = await request({
      api: 'authApi',
      anonymous: true,
      path: '/refresh-token',
      method: 'POST',
      body: { refreshToken: stored.refreshToken },
      schema: tokenPairSchema,
    });
    // The stored refresh token was another user's (their access token this tab could not read):
    // the pair is theirs, kept for them, and this tab opens again as them.
    if (isOtherUsersToken(pair.access_token)) {
      storePair(pair.access_token, pair.refresh_token);
      openAgainAsOtherUser(pair.access_token);
      return;
    }
    // Answered after a storage event gave this tab to another user, it is not stored (applyTokens).
    applyTokens(pair.access_token, pair.refresh_token);
  } catch (error) {
    // A refused refresh token ends the session; a network hiccup waits for the next check.
    if (isRefusal(error)) {
      // The platform ended a session left unused (another tab, a sleeping laptop): the login
      // page says so, as after the console's own idle sign-out.
      if (error.errorBody?.code === ERROR_CODES.sessionIdle) markIdleSignOut();
      expireSession();
    } else {
      console.error('Could not refresh the session', error);
    }
  }
}

/**
 * Stores a sign-in's pair in turn with every tab's refresh: a refresh answered after it would
 * otherwise store the previous user's pair over it.
 */
export function signInWithPair(accessToken: string, refreshToken: string): Promise<void> {
  const store = () => applyTokens(accessToken, refreshToken);
  if (!('locks' in navigator)) return Promise.resolve(store());
  return navigator.locks.request(REFRESH_LOCK, store);
}

/** Refreshes the token pair, once at a time in this tab and across tabs. */
export function refreshSession(): Promise<void> {
  refreshInFlight ??= (
    'locks' in navigator
      ? navigator.locks.request(REFRESH_LOCK, exchangeRefreshToken)
      : exchangeRefreshToken()
  ).finally(() => {
    refreshInFlight = undefined;
  });
  return refreshInFlight;
}

/**
 * At start: restore the stored pair; with only one of the two the user must sign in again. An
 * access token that cannot be read is treated as expiring (specification §8): refreshed.
 */
export async function restoreSession(): Promise<void> {
  const { accessToken, refreshToken } = readStoredTokens();
  if (accessToken && refreshToken) {
    if (isExpiring(accessToken, Date.now())) await refreshSession();
    else applyTokens(accessToken, refreshToken, false);
  } else if (accessToken || refreshToken) {
    signOutLocally();
  }
  if (getAccount().loading) dispatchAccount({ type: 'checked-stored-tokens' });
}

/**
 * Checks the token every 10 s, follows sign-ins and sign-outs of other tabs, and refreshes the
 * token when the platform says the user's permissions changed (at most once in PERMISSIONS_RECHECK_MS),
 * so menus and controls follow a role change at once.
 */
export function keepSessionFresh(): () => void {
  let rechecked = Number.NEGATIVE_INFINITY;
  listenForPermissionChanges(() => {
    if (Date.now() - rechecked < PERMISSIONS_RECHECK_MS) return;
    rechecked = Date.now();
    void refreshSession();
  });
  const timer = window.setInterval(() => {
    const { accessToken, isAuthenticated } = getAccount();
    if (isAuthenticated && accessToken && isExpiring(accessToken, Date.now())) void refreshSession();
  }, TOKEN_CHECK_INTERVAL_MS);

  const onStorage = (event: StorageEvent) => {
    if (event.key !== ACCESS_TOKEN_KEY && event.key !== REFRESH_TOKEN_KEY && event.key !== null) return;
    const { accessToken, refreshToken } = readStoredTokens();
    if (accessToken && refreshToken) {
      // One this tab cannot read is treated as expiring (specification §8), here too.
      if (readClaims(accessToken) === undefined) void refreshSession();
      else if (isOtherUsersToken(accessToken)) openAgainAsOtherUser(accessToken);
      else if (accessToken !== getAccount().accessToken) applyTokens(accessToken, refreshToken, false);
    } else if (getAccount().isAuthenticated) {
      expireSession();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listenForPermissionChanges(undefined);
    window.clearInterval(timer);
    window.removeEventListener('storage', onStorage);
  };
}
