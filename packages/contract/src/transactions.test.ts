import { describe, expect, it } from 'vitest';
import { afterCompactIso } from './transactions.ts';

describe('the end of a compact ISO dateTo', () => {
  it('takes in the whole second it names, or only the millisecond when it gives one', () => {
    expect(afterCompactIso('20261207T000000Z')?.toISOString()).toBe('2026-12-07T00:00:01.000Z');
    expect(afterCompactIso('20261207T000000.999Z')?.toISOString()).toBe('2026-12-07T00:00:01.000Z');
    expect(afterCompactIso('20261207T000000.000Z')?.toISOString()).toBe('2026-12-07T00:00:00.001Z');
    expect(afterCompactIso('20261207T020000.500+0200')?.toISOString()).toBe('2026-12-07T00:00:00.501Z');
  });

  it('bounds nothing at the last moment of the year 9999, as every stored instant is before it', () => {
    expect(afterCompactIso('99991231T235959Z')).toBeUndefined();
    expect(afterCompactIso('99991231T235959.999Z')).toBeUndefined();
    expect(afterCompactIso('99991231T235958Z')?.toISOString()).toBe('9999-12-31T23:59:59.000Z');
  });

  it('is undefined for what is not a compact ISO instant', () => {
    expect(afterCompactIso('2026-12-07')).toBeUndefined();
  });
});
