import { describe, expect, it } from 'vitest';
import { noticeOfStep, STEP_NOTICES, stepHours, stepMinutes, stepTime, withDays } from './date-time-range';

const at = (day: number, hours: number, minutes: number) => new Date(2026, 10, day, hours, minutes);

describe('time wrap rules', () => {
  it('steps hours, wrapping 23 → 0 and 0 → 23', () => {
    expect(stepHours(10, 1)).toBe(11);
    expect(stepHours(10, -1)).toBe(9);
    expect(stepHours(23, 1)).toBe(0);
    expect(stepHours(0, -1)).toBe(23);
  });

  it('steps minutes, wrapping 59 → 0 and 0 → 59', () => {
    expect(stepMinutes(30, 1)).toBe(31);
    expect(stepMinutes(30, -1)).toBe(29);
    expect(stepMinutes(59, 1)).toBe(0);
    expect(stepMinutes(0, -1)).toBe(59);
  });
});

describe('date-time range edits', () => {
  const range = { from: at(20, 8, 15), to: at(22, 17, 45) };

  it('steps one bound on its own day, without carrying a wrap into the day or hour', () => {
    expect(stepTime({ from: at(20, 23, 0), to: range.to }, 'from', 'hours', 1).from).toEqual(at(20, 0, 0));
    expect(stepTime({ from: range.from, to: at(22, 17, 59) }, 'to', 'minutes', 1).to).toEqual(at(22, 17, 0));
    expect(stepTime(range, 'to', 'hours', -1)).toEqual({ from: range.from, to: at(22, 16, 45) });
  });

  it('never lets the end precede the start: the changed bound stops at the other', () => {
    const sameDay = { from: at(22, 10, 0), to: at(22, 10, 30) };
    expect(stepTime(sameDay, 'from', 'hours', 1)).toEqual({ from: at(22, 10, 30), to: at(22, 10, 30) });
    expect(stepTime(sameDay, 'to', 'hours', -1)).toEqual({ from: at(22, 10, 0), to: at(22, 10, 0) });
  });

  it('moves to new days keeping each time of day, and orders a single day by time', () => {
    expect(withDays(range, at(1, 0, 0), at(3, 0, 0))).toEqual({ from: at(1, 8, 15), to: at(3, 17, 45) });
    const evening = { from: at(20, 18, 0), to: at(21, 9, 0) };
    expect(withDays(evening, at(5, 0, 0), at(5, 0, 0))).toEqual({ from: at(5, 18, 0), to: at(5, 18, 0) });
  });
});

describe('what a step says', () => {
  const range = { from: at(22, 0, 0), to: at(22, 23, 59) };

  it('says so when the end hour goes past 23:59 and round to 00 of the same day', () => {
    expect(noticeOfStep(range, 'to', 'hours', 1)).toBe(STEP_NOTICES.endWrapped);
    expect(noticeOfStep({ from: at(22, 1, 0), to: at(22, 23, 30) }, 'to', 'hours', 1)).toBe(
      `${STEP_NOTICES.endWrapped} ${STEP_NOTICES.endStopped}`,
    );
    expect(noticeOfStep(range, 'from', 'hours', -1)).toBe(STEP_NOTICES.startWrapped);
    expect(noticeOfStep({ from: at(22, 0, 30), to: at(22, 12, 0) }, 'from', 'hours', -1)).toBe(
      `${STEP_NOTICES.startWrapped} ${STEP_NOTICES.startStopped}`,
    );
  });

  it('says nothing for an ordinary step', () => {
    expect(noticeOfStep(range, 'to', 'hours', -1)).toBeNull();
    expect(noticeOfStep(range, 'from', 'minutes', 1)).toBeNull();
  });
});
