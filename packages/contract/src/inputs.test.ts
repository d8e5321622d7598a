import { describe, expect, it } from 'vitest';
import { integerIdSchema, isoInstantSchema, text } from './inputs.ts';

describe('input building blocks', () => {
  it('refuses a NUL anywhere in a text', () => {
    expect(text().safeParse('plain text, ünïcode').success).toBe(true);
    for (const value of ['\u0000', 'a\u0000', '\u0000b', 'a\u0000b']) {
      expect(text().safeParse(value).success).toBe(false);
    }
  });

  it('takes ids within the database integer range only', () => {
    expect(integerIdSchema.safeParse(1).success).toBe(true);
    expect(integerIdSchema.safeParse(2_147_483_647).success).toBe(true);
    for (const value of [0, -1, 1.5, 2_147_483_648, Number.MAX_SAFE_INTEGER]) {
      expect(integerIdSchema.safeParse(value).success).toBe(false);
    }
  });

  it('takes instants from the year 1 to 9999 in UTC', () => {
    expect(isoInstantSchema.safeParse('2026-03-02T00:00:00Z').success).toBe(true);
    expect(isoInstantSchema.safeParse('0001-01-01T00:00:00Z').success).toBe(true);
    for (const value of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+02:00',
      '0000-06-01T00:00:00.000+00:00',
    ]) {
      expect(isoInstantSchema.safeParse(value).success).toBe(false);
    }
  });
});
