import { PAGE_TOKEN_COOKIE } from '@web-control/contract/console-build';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeAccessToken } from '../../test/tokens';
import { forgetPageToken, keepPageToken, pageTokenCookie } from './page-token';
import { applyTokens, resetAccountForTests, signOutLocally } from './session-state';

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('page token', () => {
  beforeEach(() => window.history.pushState({}, '', '/dashboard/finance/processes/1/results'));
  afterEach(() => {
    forgetPageToken();
    resetAccountForTests();
  });

  it('is a cookie of the dashboard’s pages only, kept from other sites, for the token’s lifetime', () => {
    expect(pageTokenCookie('a.b.c', 299.7, false)).toBe(
      `${PAGE_TOKEN_COOKIE}=a.b.c; Path=/dashboard; Max-Age=299; SameSite=Strict`,
    );
    expect(pageTokenCookie('a.b.c', 60, true)).toBe(
      `${PAGE_TOKEN_COOKIE}=a.b.c; Path=/dashboard; Max-Age=60; SameSite=Strict; Secure`,
    );
    expect(pageTokenCookie('a.b.c', -5, false)).toContain('Max-Age=0;');
  });

  it('holds the token the console signs in with and is gone once it signs out', () => {
    const token = fakeAccessToken({ sub: '1', username: 'jo', permissions: [], exp: inAnHour() });
    applyTokens(token, 'r1', false);
    expect(document.cookie, 'a pair restored from storage was copied when stored').toBe('');
    applyTokens(token, 'r1');
    expect(document.cookie).toBe(`${PAGE_TOKEN_COOKIE}=${token}`);
    signOutLocally();
    expect(document.cookie).toBe('');
  });

  it('is not kept for a token that has already expired', () => {
    keepPageToken('a.b.c', Math.floor(Date.now() / 1000) - 10);
    expect(document.cookie).toBe('');
  });
});
