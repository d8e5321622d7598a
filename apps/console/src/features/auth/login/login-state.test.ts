import { describe, expect, it } from 'vitest';
import { readLoginState, safeReturnPath } from './login-state';

describe('login navigation state', () => {
  it('reads the message, username and origin passed by other pages', () => {
    expect(readLoginState({ message: 'Excellent, you can now log in below', username: 'jo' })).toEqual({
      message: 'Excellent, you can now log in below',
      username: 'jo',
    });
    expect(readLoginState(null)).toEqual({});
    expect(readLoginState({ message: 5 })).toEqual({});
  });

  it('returns only to paths of this console', () => {
    expect(safeReturnPath('/dashboard/transactions?reference=1')).toBe('/dashboard/transactions?reference=1');
    expect(safeReturnPath('https://evil.example')).toBeUndefined();
    expect(safeReturnPath('//evil.example')).toBeUndefined();
    // What the browser reads as another site too.
    expect(safeReturnPath('/\\evil.example')).toBeUndefined();
    expect(safeReturnPath('/\t/evil.example')).toBeUndefined();
    expect(safeReturnPath('/login')).toBeUndefined();
    expect(safeReturnPath('/login?from=/x')).toBeUndefined();
    expect(safeReturnPath(null)).toBeUndefined();
  });
});
