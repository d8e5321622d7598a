import { getRuntimeConfig } from '../runtime-config';

const MINUTE_MS = 60_000;
/** PCI DSS 8.2.8: a console nobody has used for 15 minutes signs out, unless the platform says otherwise. */
export const DEFAULT_IDLE_MINUTES = 15;
/** The warning comes this long before the sign-out. */
export const IDLE_WARNING_MS = 60_000;
/** How often the idle time is checked. */
export const IDLE_CHECK_INTERVAL_MS = 1_000;
/** Activity is written for other tabs at most this often (mouse moves come by the hundred). */
export const ACTIVITY_WRITE_INTERVAL_MS = 5_000;

export const IDLE_WARNING_TITLE = 'Are you still there?';
export const IDLE_WARNING_TEXT =
  'You will be signed out in 1 minute because the console has not been used. Move the mouse or press a key to stay signed in.';

/** The platform's SESSION_IDLE_MINUTES, so the console signs out when the platform would refuse it. */
export function idleMinutes(): number {
  return getRuntimeConfig()?.sessionIdleMinutes ?? DEFAULT_IDLE_MINUTES;
}

export function idleSignedOutNotice(minutes = idleMinutes()): string {
  return `You were signed out after ${minutes === 1 ? '1 minute' : `${String(minutes)} minutes`} without activity`;
}

export type IdlePhase = 'active' | 'warning' | 'expired';

/**
 * Where a session stands, from the last activity (in this tab or another) and the time now. A
 * session of a minute or less has no warning: it would begin at once.
 */
export function getIdlePhase(lastActivityAt: number, now: number, minutes = idleMinutes()): IdlePhase {
  const idleFor = now - lastActivityAt;
  const timeoutMs = minutes * MINUTE_MS;
  if (idleFor >= timeoutMs) return 'expired';
  if (timeoutMs > IDLE_WARNING_MS && idleFor >= timeoutMs - IDLE_WARNING_MS) return 'warning';
  return 'active';
}

/** A stored activity time, or undefined when it is missing or unreadable. */
export function parseActivity(stored: string | null): number | undefined {
  const parsed = stored === null ? Number.NaN : Number(stored);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
}
