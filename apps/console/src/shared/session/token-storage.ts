import { ACCESS_TOKEN_KEY } from '@web-control/contract/console-build';

// The access token's key is the contract's: a screen's page reads it before the console runs.
export { ACCESS_TOKEN_KEY };
export const REFRESH_TOKEN_KEY = 'webControl.refreshToken';
const IDLE_SIGN_OUT_KEY = 'webControl.idleSignOut';

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

export function readStoredTokens(): StoredTokens {
  return {
    accessToken: localStorage.getItem(ACCESS_TOKEN_KEY),
    refreshToken: localStorage.getItem(REFRESH_TOKEN_KEY),
  };
}

export function storeTokens(accessToken: string, refreshToken: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
  localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
  sessionStorage.removeItem(IDLE_SIGN_OUT_KEY);
}

export function clearStoredTokens(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
}

const SIGNED_OUT_KEY = 'webControl.signedOut';

/** After a logout the login page must not send the user straight back to the identity provider. */
export function markSignedOut(): void {
  sessionStorage.setItem(SIGNED_OUT_KEY, '1');
}

/** True once after a logout in this tab. */
export function takeSignedOutMarker(): boolean {
  const marked = sessionStorage.getItem(SIGNED_OUT_KEY) !== null;
  sessionStorage.removeItem(SIGNED_OUT_KEY);
  return marked;
}

/** The login page says why the user is there after an idle sign-out. */
export function markIdleSignOut(): void {
  sessionStorage.setItem(IDLE_SIGN_OUT_KEY, '1');
}

/**
 * True after an idle sign-out in this tab until the next sign-in: read, not taken, because the
 * login page may render more than once on the way (the guard's redirect, then the full load).
 */
export function isIdleSignOutMarked(): boolean {
  return sessionStorage.getItem(IDLE_SIGN_OUT_KEY) !== null;
}
