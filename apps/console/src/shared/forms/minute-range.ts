import dayjs from 'dayjs';
import { parseLocalMinute } from '../format/dates';

/** A range as picked in two minute inputs (local minutes, `YYYY-MM-DDTHH:mm`; either may be empty). */
export interface MinuteRange {
  from: string;
  to: string;
}

function minuteOf(value: string): dayjs.Dayjs | undefined {
  const minute = parseLocalMinute(value);
  return minute === undefined ? undefined : dayjs(minute);
}

export const RANGE_ERRORS = {
  future: 'Dates in the future cannot be chosen',
  order: 'To cannot be before From',
} as const;

/** What is wrong with each end of a range: said at its field; the list waits while either holds one. */
export interface RangeErrors {
  from: string | null;
  to: string | null;
}

/** Section 5: no future dates (said at the field holding one), and To not before From (said at To). */
export function rangeErrorsOf(filters: MinuteRange, now: Date): RangeErrors {
  const from = minuteOf(filters.from);
  const to = minuteOf(filters.to);
  const today = dayjs(now).endOf('day');
  const future = (minute: dayjs.Dayjs | undefined) => (minute?.isAfter(today) ? RANGE_ERRORS.future : null);
  const reversed = from !== undefined && to !== undefined && to.isBefore(from);
  return { from: future(from), to: future(to) ?? (reversed ? RANGE_ERRORS.order : null) };
}

export function holdsRangeError(filters: MinuteRange, now: Date): boolean {
  const errors = rangeErrorsOf(filters, now);
  return errors.from !== null || errors.to !== null;
}
