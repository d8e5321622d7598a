import { describe, expect, it } from 'vitest';
import { LOCK_RECHECK_MS, untilLockEnds } from './sign-in-lock';

const NOW = Date.parse('2026-12-07T10:00:00.000Z');

describe('when a sign-in lock is read again', () => {
  it('never while there is no lock', () => {
    expect(untilLockEnds(undefined, NOW)).toBe(false);
    expect(untilLockEnds({ lockedUntil: null, failedAttempts: 4 }, NOW)).toBe(false);
  });

  it('a second after the lock ends', () => {
    const lock = { lockedUntil: '2026-12-07T10:20:00.000Z', failedAttempts: 0 };
    expect(untilLockEnds(lock, NOW)).toBe(20 * 60_000 + 1_000);
  });

  it('at ease when the platform still holds a lock this browser thinks is over (its clock runs ahead)', () => {
    const lock = { lockedUntil: '2026-12-07T09:59:59.000Z', failedAttempts: 0 };
    expect(untilLockEnds(lock, NOW)).toBe(LOCK_RECHECK_MS);
    expect(untilLockEnds({ ...lock, lockedUntil: '2026-12-07T10:00:00.000Z' }, NOW)).toBe(LOCK_RECHECK_MS);
  });
});
