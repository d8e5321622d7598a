import { useSyncExternalStore } from 'react';
import { currentPath, navigateTo } from '../navigation';
import { displayUsername, readClaims } from './access-token';
import { INITIAL_ACCOUNT, reduceAccount, type Account, type AccountEvent } from './account';
import { forgetPageToken, keepPageToken } from './page-token';
import { clearStoredTokens, storeTokens } from './token-storage';

let account: Account = INITIAL_ACCOUNT;
/** Another tab signed another user in, and this tab is opening again as them. */
let replaced = false;
const listeners = new Set<() => void>();

export function dispatchAccount(event: AccountEvent): void {
  const next = reduceAccount(account, event);
  // A change reaches its readers through useSyncExternalStore, which draws them again unsliced.
  if (next === account) return;
  account = next;
  listeners.forEach((listener) => listener());
}

export function getAccount(): Account {
  return account;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAccount(): Account {
  return useSyncExternalStore(subscribe, getAccount);
}

/** Stores a token pair for every tab, the page token with it. */
export function storePair(accessToken: string, refreshToken: string): void {
  const claims = readClaims(accessToken);
  if (!claims) throw new Error('The access token could not be read');
  storeTokens(accessToken, refreshToken);
  // Written with the pair it copies (a sign-in, a refresh), never on restoring one: setting a
  // cookie waits on the browser, 10 ms and more of the page's first long task on a busy machine.
  keepPageToken(accessToken, claims.exp);
}

/** Stores a token pair and signs the account in with the claims of its access token. */
export function applyTokens(accessToken: string, refreshToken: string, persist = true): void {
  // Given to another user, this tab changes nothing of theirs on its way to opening again.
  if (replaced) return;
  const claims = readClaims(accessToken);
  if (!claims) throw new Error('The access token could not be read');
  if (persist) storePair(accessToken, refreshToken);
  dispatchAccount({
    type: 'authenticated',
    accessToken,
    refreshToken,
    username: displayUsername(claims),
    permissions: claims.permissions,
  });
}

let permissionsChangedListener: (() => void) | undefined;

/** Who hears that the platform holds other permissions for the user than the token does. */
export function listenForPermissionChanges(listener: (() => void) | undefined): void {
  permissionsChangedListener = listener;
}

/** The platform said the token's permissions are no longer the user's (a role changed since). */
export function notePermissionsChanged(): void {
  permissionsChangedListener?.();
}

/** Another tab signed another user in: this tab is about to open again as them. */
export function markSessionReplaced(): void {
  replaced = true;
}

/** Whether this tab still works for a signed-in user: what a form holds is theirs to save. */
export function holdsSession(): boolean {
  return account.accessToken !== null && !replaced;
}

export function signOutLocally(): void {
  if (replaced) return;
  clearStoredTokens();
  forgetPageToken();
  dispatchAccount({ type: 'signed-out' });
}

/** A 401 or a refused refresh: forget both tokens and go to /login remembering where the user was. */
export function expireSession(): void {
  if (replaced) return;
  const from = currentPath();
  signOutLocally();
  if (window.location.pathname !== '/login') {
    navigateTo(`/login?from=${encodeURIComponent(from)}`, { replace: true });
  }
}

/** Tests start from a signed-out, loaded account. */
export function resetAccountForTests(): void {
  account = { ...INITIAL_ACCOUNT, loading: false };
  replaced = false;
}
