import { dispatchAccount } from '../shared/session/session-state';

/** Signs a test user in with exactly these permissions. */
export function signInWith(permissions: string[], username = 'operator') {
  dispatchAccount({
    type: 'authenticated',
    accessToken: 'token',
    refreshToken: 'refresh',
    username,
    permissions,
  });
}
