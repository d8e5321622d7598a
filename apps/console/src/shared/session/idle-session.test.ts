import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAccessToken } from '../../test/tokens';
import { IDLE_CHECK_INTERVAL_MS } from './idle';
import { LAST_ACTIVITY_KEY, watchIdleSession } from './idle-session';
import { applyTokens, resetAccountForTests } from './session-state';

const MINUTE_MS = 60_000;
const START = Date.UTC(2026, 2, 2, 8, 0, 0);
const token = fakeAccessToken({ sub: '1', username: 'jo', permissions: [], exp: START / 1000 + 3600 });

describe('idle watch', () => {
  let clock = START;
  const phases = vi.fn();
  let stop: () => void = () => undefined;

  /** Moves the injected clock and lets the checks run. */
  function pass(ms: number) {
    clock += ms;
    vi.advanceTimersByTime(IDLE_CHECK_INTERVAL_MS);
  }

  function start() {
    stop = watchIdleSession({ now: () => clock, onPhaseChange: phases });
  }

  beforeEach(() => {
    vi.useFakeTimers();
    clock = START;
    localStorage.clear();
    resetAccountForTests();
    applyTokens(token, 'r1');
  });
  afterEach(() => {
    stop();
    phases.mockReset();
    vi.useRealTimers();
    localStorage.clear();
  });

  it('warns after 14 idle minutes, takes the warning back on activity, and signs out after 15', () => {
    start();
    pass(14 * MINUTE_MS - 2 * IDLE_CHECK_INTERVAL_MS);
    expect(phases).not.toHaveBeenCalled();
    pass(2 * IDLE_CHECK_INTERVAL_MS);
    expect(phases.mock.calls).toEqual([['warning']]);

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }));
    expect(phases.mock.calls).toEqual([['warning'], ['active']]);
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(String(clock));

    pass(15 * MINUTE_MS);
    expect(phases.mock.calls).toEqual([['warning'], ['active'], ['expired']]);
  });

  it('counts activity in another tab', () => {
    start();
    pass(10 * MINUTE_MS);
    localStorage.setItem(LAST_ACTIVITY_KEY, String(clock));
    pass(10 * MINUTE_MS);
    expect(phases).not.toHaveBeenCalled();
    pass(4 * MINUTE_MS);
    expect(phases.mock.calls).toEqual([['warning']]);
    pass(MINUTE_MS);
    expect(phases.mock.calls).toEqual([['warning'], ['expired']]);
  });

  it('signs a reopened tab out when its last activity is older than 15 minutes', () => {
    localStorage.setItem(LAST_ACTIVITY_KEY, String(START - 8 * 60 * MINUTE_MS));
    start();
    expect(phases.mock.calls).toEqual([['expired']]);
  });

  it('reports nothing while nobody is signed in, and records the activity of the sign-in', () => {
    resetAccountForTests();
    start();
    pass(20 * MINUTE_MS);
    expect(phases).not.toHaveBeenCalled();
    window.dispatchEvent(new MouseEvent('pointerdown'));
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(String(clock));
    applyTokens(token, 'r1');
    pass(MINUTE_MS);
    expect(phases).not.toHaveBeenCalled();
  });
});
