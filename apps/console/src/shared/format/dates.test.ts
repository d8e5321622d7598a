import { describe, expect, it } from 'vitest';
import {
  dayRangeOf,
  formatDateTime,
  formatDateTimeSeconds,
  formatDay,
  formatDayTime,
  formatLocalMinute,
  formatNumericDay,
  formatNumericMinute,
  formatNumericSeconds,
  parseDay,
  parseLocalMinute,
  parseNumericDay,
  pickerValueOfLocalMinute,
} from './dates';

describe('date formatters', () => {
  const date = new Date(2026, 1, 3, 14, 5, 9);

  it("writes the finance format 'ddd, D MMM HH:mm'", () => {
    expect(formatDayTime(date)).toBe('Tue, 3 Feb 14:05');
  });

  it('writes the short format with an ordinal day', () => {
    expect(formatDateTime(date)).toBe("3rd Feb '26 14:05");
  });

  it('writes the long format with the weekday and seconds', () => {
    expect(formatDateTimeSeconds(date)).toBe("Tue 3rd Feb '26 14:05:09");
  });
});

describe('numeric and input formats', () => {
  const date = new Date(2026, 1, 3, 14, 5, 9);

  it('writes day/month/year with and without the time', () => {
    expect(formatNumericDay(date)).toBe('03/02/2026');
    expect(formatNumericMinute(date)).toBe('03/02/2026 14:05');
    expect(formatNumericSeconds(date)).toBe('03/02/2026 14:05:09');
    expect(formatNumericSeconds(null)).toBe('-');
  });

  it('writes and reads the URL and input forms of a day and a minute', () => {
    expect(formatDay(date)).toBe('2026-02-03');
    expect(formatLocalMinute(date)).toBe('2026-02-03T14:05');
    expect(parseDay('2026-02-03')).toBe('2026-02-03');
    expect(parseLocalMinute('2026-02-03T14:05')).toEqual(new Date(2026, 1, 3, 14, 5));
    expect(pickerValueOfLocalMinute('2026-02-03T14:05')).toBe('2026-02-03 14:05:00');
    expect(pickerValueOfLocalMinute('')).toBeNull();
  });

  it('refuses days and minutes that do not exist or are half typed', () => {
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('2026-2-3')).toBeNull();
    expect(parseDay(null)).toBeNull();
    expect(parseLocalMinute('2026-02-03T24:00')).toBeUndefined();
    expect(parseLocalMinute('garbage')).toBeUndefined();
    // A picker would show year 1 as 1901.
    expect(parseDay('0001-01-01')).toBeNull();
    expect(parseLocalMinute('0001-01-01T00:00')).toBeUndefined();
  });

  it('reads a day typed as DD/MM/YYYY, with or without leading zeros', () => {
    expect(parseNumericDay('03/02/2026')).toBe('2026-02-03');
    expect(parseNumericDay(' 3/2/2026 ')).toBe('2026-02-03');
    expect(parseNumericDay('99/99/9999')).toBeNull();
    expect(parseNumericDay('30/02/2026')).toBeNull();
    expect(parseNumericDay('2026-02-03')).toBeNull();
  });

  it('turns a day range into instants from the first midnight to the last millisecond', () => {
    expect(dayRangeOf('2026-02-03', '2026-02-04')).toEqual({
      from: new Date(2026, 1, 3).toISOString(),
      to: new Date(2026, 1, 4, 23, 59, 59, 999).toISOString(),
    });
    expect(dayRangeOf('2026-02-3', null)).toEqual({ from: undefined, to: undefined });
  });
});
