import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CONFIG } from '../../test/tokens';
import { getRuntimeConfig, setRuntimeConfig } from '../runtime-config';
import { getIdlePhase, idleMinutes, idleSignedOutNotice, IDLE_WARNING_MS, parseActivity } from './idle';

const MINUTE_MS = 60_000;

describe('idle rule', () => {
  const loaded = getRuntimeConfig();
  afterEach(() => setRuntimeConfig(loaded));

  it('signs out after 15 minutes without activity and warns a minute before', () => {
    expect(IDLE_WARNING_MS).toBe(MINUTE_MS);
    const last = 1_000_000;
    expect(getIdlePhase(last, last, 15)).toBe('active');
    expect(getIdlePhase(last, last + 14 * MINUTE_MS - 1, 15)).toBe('active');
    expect(getIdlePhase(last, last + 14 * MINUTE_MS, 15)).toBe('warning');
    expect(getIdlePhase(last, last + 15 * MINUTE_MS - 1, 15)).toBe('warning');
    expect(getIdlePhase(last, last + 15 * MINUTE_MS, 15)).toBe('expired');
    expect(getIdlePhase(last, last + 24 * 60 * MINUTE_MS, 15)).toBe('expired');
    expect(idleSignedOutNotice(15)).toBe('You were signed out after 15 minutes without activity');
  });

  it('follows the platform’s SESSION_IDLE_MINUTES, and says so when it signs out', () => {
    setRuntimeConfig(undefined);
    expect(idleMinutes()).toBe(15);
    setRuntimeConfig({ ...TEST_CONFIG, sessionIdleMinutes: 5 });
    expect(idleMinutes()).toBe(5);
    const last = 1_000_000;
    expect(getIdlePhase(last, last + 4 * MINUTE_MS)).toBe('warning');
    expect(getIdlePhase(last, last + 5 * MINUTE_MS)).toBe('expired');
    expect(idleSignedOutNotice()).toBe('You were signed out after 5 minutes without activity');
  });

  it('gives a one-minute session no warning, which would begin at once', () => {
    const last = 1_000_000;
    expect(getIdlePhase(last, last + 59_999, 1)).toBe('active');
    expect(getIdlePhase(last, last + MINUTE_MS, 1)).toBe('expired');
    expect(idleSignedOutNotice(1)).toBe('You were signed out after 1 minute without activity');
  });

  it('reads a stored activity time, ignoring a missing or unreadable one', () => {
    expect(parseActivity('1700000000000')).toBe(1_700_000_000_000);
    expect(parseActivity(null)).toBeUndefined();
    expect(parseActivity('soon')).toBeUndefined();
    expect(parseActivity('0')).toBeUndefined();
  });
});
