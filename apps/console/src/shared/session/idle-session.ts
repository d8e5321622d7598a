import { getAccount } from './session-state';
import {
  ACTIVITY_WRITE_INTERVAL_MS,
  getIdlePhase,
  IDLE_CHECK_INTERVAL_MS,
  parseActivity,
  type IdlePhase,
} from './idle';

/** Shared by every tab of the console: using one tab keeps the others signed in. */
export const LAST_ACTIVITY_KEY = 'webControl.lastActivity';

/** What counts as using the console; scrolling and moving the mouse included. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export interface IdleWatchOptions {
  /** Milliseconds since the epoch; tests pass their own clock. */
  now?: () => number;
  /** Called when the phase changes while someone is signed in. */
  onPhaseChange: (phase: IdlePhase) => void;
}

/**
 * Watches for activity in this tab and the others and reports the idle phase of a signed-in
 * session. Activity is recorded signed in or not, so the sign-in itself counts.
 */
export function watchIdleSession({ now = Date.now, onPhaseChange }: IdleWatchOptions): () => void {
  let lastWritten = 0;
  let phase: IdlePhase = 'active';
  const write = (at: number) => {
    lastWritten = at;
    localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  };
  // A time stored before this page loaded counts as it is: reopening a tab the next morning is
  // no activity. With none stored, loading the page is the first.
  const stored = parseActivity(localStorage.getItem(LAST_ACTIVITY_KEY));
  let lastActivity = stored ?? now();
  if (stored === undefined) write(lastActivity);

  const check = () => {
    lastActivity = Math.max(lastActivity, parseActivity(localStorage.getItem(LAST_ACTIVITY_KEY)) ?? 0);
    const next: IdlePhase = getAccount().isAuthenticated ? getIdlePhase(lastActivity, now()) : 'active';
    if (next === phase) return;
    phase = next;
    onPhaseChange(next);
  };

  const onActivity = () => {
    const at = now();
    lastActivity = at;
    // During the warning at once, so the other tabs stop warning too.
    if (phase === 'warning' || at - lastWritten >= ACTIVITY_WRITE_INTERVAL_MS) write(at);
    if (phase === 'warning') check();
  };

  for (const type of ACTIVITY_EVENTS) {
    window.addEventListener(type, onActivity, { passive: true, capture: true });
  }
  const timer = window.setInterval(check, IDLE_CHECK_INTERVAL_MS);
  check();
  return () => {
    window.clearInterval(timer);
    for (const type of ACTIVITY_EVENTS) {
      window.removeEventListener(type, onActivity, { capture: true });
    }
  };
}
