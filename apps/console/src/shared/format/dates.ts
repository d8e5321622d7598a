import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';

dayjs.extend(advancedFormat);

type DateInput = Date | number | string;

/** The specification's two date formats (specification 1, section 9). */
export const DATE_TIME_FORMAT = "Do MMM 'YY HH:mm";
export const DATE_TIME_SECONDS_FORMAT = "ddd Do MMM 'YY HH:mm:ss";

/** "3rd Feb '26 14:05". */
export function formatDateTime(date: DateInput): string {
  return dayjs(date).format(DATE_TIME_FORMAT);
}

/** "Tue 3rd Feb '26 14:05:09". */
export function formatDateTimeSeconds(date: DateInput): string {
  return dayjs(date).format(DATE_TIME_SECONDS_FORMAT);
}

/** The finance area's process and inbox format (specification 2, section 9). */
export const DAY_TIME_FORMAT = 'ddd, D MMM HH:mm';

/** "Tue, 3 Feb 14:05". */
export function formatDayTime(date: DateInput): string {
  return dayjs(date).format(DAY_TIME_FORMAT);
}

/** Day/month/year: vouchers (specification 3, section 9), finance audit and approval dates (specification 2). */
export const NUMERIC_DAY_FORMAT = 'DD/MM/YYYY';
export const NUMERIC_MINUTE_FORMAT = 'DD/MM/YYYY HH:mm';
const NUMERIC_SECONDS_FORMAT = 'DD/MM/YYYY HH:mm:ss';

/** "03/02/2026". */
export function formatNumericDay(date: DateInput): string {
  return dayjs(date).format(NUMERIC_DAY_FORMAT);
}

/** "03/02/2026 14:05". */
export function formatNumericMinute(date: DateInput): string {
  return dayjs(date).format(NUMERIC_MINUTE_FORMAT);
}

/** "03/02/2026 14:05:09", or '-' for a date that is not there. */
export function formatNumericSeconds(date: DateInput | null): string {
  return date === null ? '-' : dayjs(date).format(NUMERIC_SECONDS_FORMAT);
}

/** Every picker's weeks start on Sunday (specification 1, section 9). */
export const FIRST_DAY_OF_WEEK = 0;

/** The finance results filter format (specification 2, section 5), hours 00 to 23. */
export const FILTER_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** "2026-03-01 00:00": a date as the finance results filter writes it. */
export function formatFilterMinute(date: DateInput): string {
  return dayjs(date).format(FILTER_DATE_TIME_FORMAT);
}

/** A local day as the URL and the day inputs hold it: `2026-02-03`. */
export const DAY_FORMAT = 'YYYY-MM-DD';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A local minute as the URL and the date-time inputs hold it: `2026-02-03T14:05`. */
export const LOCAL_MINUTE_FORMAT = 'YYYY-MM-DDTHH:mm';
const LOCAL_MINUTE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** Mantine dates' own value form: `2026-02-03 14:05:00`. */
const PICKER_VALUE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A picker's value for a local minute; null for none (''). */
export function pickerValueOfLocalMinute(localMinute: string): string | null {
  const date = parseLocalMinute(localMinute);
  return date === undefined ? null : dayjs(date).format(PICKER_VALUE_FORMAT);
}

/** "2026-02-03". */
export function formatDay(date: DateInput): string {
  return dayjs(date).format(DAY_FORMAT);
}

/** "2026-02-03T14:05". */
export function formatLocalMinute(date: DateInput): string {
  return dayjs(date).format(LOCAL_MINUTE_FORMAT);
}

// A day or minute that does not exist (2026-02-30, 24:00) fails the round trip, and so does a year
// before 100, which dayjs and the pickers read as 1900 and after (0001 as 1901).
/** A `YYYY-MM-DD` day that exists, as given; null otherwise. */
export function parseDay(text: string | null | undefined): string | null {
  if (text == null || !DAY_PATTERN.test(text)) return null;
  return formatDay(text) === text ? text : null;
}

/** A `YYYY-MM-DDTHH:mm` local minute that exists; undefined otherwise. */
export function parseLocalMinute(text: string | null | undefined): Date | undefined {
  if (text == null || !LOCAL_MINUTE_PATTERN.test(text)) return undefined;
  const date = dayjs(text).toDate();
  return formatLocalMinute(date) === text ? date : undefined;
}

const TYPED_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A day typed as DD/MM/YYYY as `YYYY-MM-DD`; null if it is no day (99/99/9999). */
export function parseNumericDay(text: string): string | null {
  const match = TYPED_DAY.exec(text.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  return parseDay(`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`);
}

/**
 * A range of whole local days as ISO instants: the from-day from its midnight, the to-day to its
 * last millisecond. A bound that is no day (being typed, or null) is left out.
 */
export function dayRangeOf(
  from: string | null,
  to: string | null,
): { from: string | undefined; to: string | undefined } {
  const fromDay = parseDay(from);
  const toDay = parseDay(to);
  return {
    from: fromDay === null ? undefined : dayjs(fromDay).startOf('day').toISOString(),
    to: toDay === null ? undefined : dayjs(toDay).endOf('day').toISOString(),
  };
}

/** Today from its first to its last minute, as the date-time filters hold them. */
export function todayMinutesOf(now: Date): { from: string; to: string } {
  return {
    from: formatLocalMinute(dayjs(now).startOf('day').toDate()),
    to: formatLocalMinute(dayjs(now).endOf('day').toDate()),
  };
}

/**
 * A range of local minutes as ISO instants: the from-minute from its start, the to-minute to its
 * last millisecond. A bound that is no minute (being picked, or cleared) is left out.
 */
export function minuteRangeOf(
  from: string,
  to: string,
): { from: string | undefined; to: string | undefined } {
  const fromMinute = parseLocalMinute(from);
  const toMinute = parseLocalMinute(to);
  return {
    from: fromMinute?.toISOString(),
    to: toMinute === undefined ? undefined : dayjs(toMinute).endOf('minute').toISOString(),
  };
}

/** "No future dates" (specification 2, section 5): the end of today is the latest to pick. */
export function endOfDayOf(now: Date): Date {
  return dayjs(now).endOf('day').toDate();
}
