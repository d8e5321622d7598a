import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeSeconds, formatDayTime } from './dates';

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
