import { describe, expect, it } from 'vitest';
import { holdsRangeError, RANGE_ERRORS, rangeErrorsOf } from './minute-range';

const NOW = new Date(2026, 1, 3, 15, 30);

describe('minute ranges', () => {
  it('refuse future dates at their field and a To before From at To', () => {
    expect(rangeErrorsOf({ from: '2026-02-04T00:00', to: '2026-02-04T01:00' }, NOW)).toEqual({
      from: RANGE_ERRORS.future,
      to: RANGE_ERRORS.future,
    });
    expect(rangeErrorsOf({ from: '2026-02-04T00:00', to: '2026-02-03T01:00' }, NOW)).toEqual({
      from: RANGE_ERRORS.future,
      to: RANGE_ERRORS.order,
    });
    expect(rangeErrorsOf({ from: '2026-02-03T10:00', to: '2026-02-03T09:59' }, NOW)).toEqual({
      from: null,
      to: RANGE_ERRORS.order,
    });
    expect(rangeErrorsOf({ from: '2026-02-01T00:00', to: '2026-02-03T23:59' }, NOW)).toEqual({
      from: null,
      to: null,
    });
  });

  it('hold an error while either end holds one, and none while an end is empty', () => {
    expect(holdsRangeError({ from: '2026-02-03T10:00', to: '2026-02-03T09:59' }, NOW)).toBe(true);
    expect(holdsRangeError({ from: '', to: '2026-02-04T00:00' }, NOW)).toBe(true);
    expect(holdsRangeError({ from: '2026-02-03T10:00', to: '' }, NOW)).toBe(false);
    expect(holdsRangeError({ from: '2026-02-03T23:59', to: '2026-02-03T23:59' }, NOW)).toBe(false);
  });
});
