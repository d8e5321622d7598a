import { describe, expect, it } from 'vitest';
import { INITIAL_ACCOUNT, reduceAccount, type AccountEvent } from './account';

describe('account transitions', () => {
  it('starts loading and signed out', () => {
    expect(INITIAL_ACCOUNT).toMatchObject({ loading: true, isAuthenticated: false });
  });

  it('clears permissions, username and error while authenticating', () => {
    const signedIn = reduceAccount(INITIAL_ACCOUNT, {
      type: 'authenticated',
      accessToken: 'a',
      refreshToken: 'r',
      username: 'admin',
      permissions: ['MANAGE_USERS'],
    });
    expect(signedIn).toMatchObject({
      isAuthenticated: true,
      loading: false,
      userPermissions: ['MANAGE_USERS'],
    });
    const again = reduceAccount({ ...signedIn, error: 'x' }, { type: 'authenticating' });
    expect(again).toMatchObject({ isAuthenticating: true, userPermissions: [], username: null, error: null });
  });

  it('keeps the error and stops loading on failure', () => {
    const failed = reduceAccount(INITIAL_ACCOUNT, { type: 'failed', error: 'bad' });
    expect(failed).toMatchObject({ error: 'bad', loading: false, isAuthenticating: false });
  });

  it('stops loading once stored tokens were checked, and forgets everything on sign-out', () => {
    expect(reduceAccount(INITIAL_ACCOUNT, { type: 'checked-stored-tokens' }).loading).toBe(false);
    const out = reduceAccount(
      { ...INITIAL_ACCOUNT, accessToken: 'a', isAuthenticated: true },
      { type: 'signed-out' },
    );
    expect(out).toMatchObject({ accessToken: null, isAuthenticated: false, loading: false });
  });

  it('gives the same account back for an event that changes nothing, and a new one for a change', () => {
    const event: Extract<AccountEvent, { type: 'authenticated' }> = {
      type: 'authenticated',
      accessToken: 'a',
      refreshToken: 'r',
      username: 'admin',
      permissions: ['MANAGE_USERS'],
    };
    const signedIn = reduceAccount(INITIAL_ACCOUNT, event);
    expect(reduceAccount(signedIn, { ...event, permissions: ['MANAGE_USERS'] })).toBe(signedIn);
    expect(reduceAccount(signedIn, { type: 'checked-stored-tokens' })).toBe(signedIn);
    const refreshed = reduceAccount(signedIn, { ...event, accessToken: 'b' });
    expect(refreshed).not.toBe(signedIn);
    expect(refreshed.accessToken).toBe('b');
    expect(reduceAccount(signedIn, { ...event, permissions: ['MANAGE_USERS', 'VIEW_PROCESSES'] })).not.toBe(
      signedIn,
    );
  });
});
