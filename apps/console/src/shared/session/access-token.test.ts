import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccessToken } from '../../test/tokens';
import { displayUsername, isExpiring, readClaims } from './access-token';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('access token', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the claims the console needs', () => {
    const token = fakeAccessToken({ sub: '1', username: 'jo', permissions: ['VIEW_TRANSACTIONS'], exp: 10 });
    expect(readClaims(token)).toMatchObject({ username: 'jo', permissions: ['VIEW_TRANSACTIONS'] });
  });

  it('is expiring with fewer than 30 s left, without an expiry, or when unreadable', () => {
    const claims = { sub: '1', username: 'jo', permissions: [] };
    expect(isExpiring(fakeAccessToken({ ...claims, exp: NOW / 1000 + 29 }), NOW)).toBe(true);
    expect(isExpiring(fakeAccessToken({ ...claims, exp: NOW / 1000 + 31 }), NOW)).toBe(false);
    expect(isExpiring(fakeAccessToken(claims), NOW)).toBe(true);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(isExpiring('not-a-token', NOW)).toBe(true);
    expect(logged).toHaveBeenCalled();
  });

  it('prefers preferred_username for display', () => {
    expect(
      displayUsername({ sub: '1', username: 'u1', preferred_username: 'Jo Smith', permissions: [] }),
    ).toBe('Jo Smith');
    expect(displayUsername({ sub: '1', username: 'u1', permissions: [] })).toBe('u1');
  });
});
