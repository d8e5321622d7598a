import { describe, expect, it } from 'vitest';
import { getIdlePhase, IDLE_TIMEOUT_MS, IDLE_WARNING_MS, parseActivity } from './idle';

const MINUTE_MS = 60_000;

describe('idle rule', () => {
  it('signs out after 15 minutes without activity and warns a minute before', () => {
    expect(IDLE_TIMEOUT_MS).toBe(15 * MINUTE_MS);
    expect(IDLE_WARNING_MS).toBe(MINUTE_MS);
    const last = 1_000_000;
    expect(getIdlePhase(last, last)).toBe('active');
    expect(getIdlePhase(last, last + 14 * MINUTE_MS - 1)).toBe('active');
    expect(getIdlePhase(last, last + 14 * MINUTE_MS)).toBe('warning');
    expect(getIdlePhase(last, last + 15 * MINUTE_MS - 1)).toBe('warning');
    expect(getIdlePhase(last, last + 15 * MINUTE_MS)).toBe('expired');
    expect(getIdlePhase(last, last + 24 * 60 * MINUTE_MS)).toBe('expired');
  });

  it('reads a stored activity time, ignoring a missing or unreadable one', () => {
    expect(parseActivity('1700000000000')).toBe(1_700_000_000_000);
    expect(parseActivity(null)).toBeUndefined();
    expect(parseActivity('soon')).toBeUndefined();
    expect(parseActivity('0')).toBeUndefined();
  });
});
