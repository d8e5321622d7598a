import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';

dayjs.extend(advancedFormat);

/** The specification's two date formats (section 9). */
export const DATE_TIME_FORMAT = "Do MMM 'YY HH:mm";
export const DATE_TIME_SECONDS_FORMAT = "ddd Do MMM 'YY HH:mm:ss";

/** "3rd Feb '26 14:05". */
export function formatDateTime(date: Date | number | string): string {
  return dayjs(date).format(DATE_TIME_FORMAT);
}

/** "Tue 3rd Feb '26 14:05:09". */
export function formatDateTimeSeconds(date: Date | number | string): string {
  return dayjs(date).format(DATE_TIME_SECONDS_FORMAT);
}

/** The finance area's date format (specification 2, section 9). */
export const DAY_TIME_FORMAT = 'ddd, D MMM HH:mm';

/** "Tue, 3 Feb 14:05". */
export function formatDayTime(date: Date | number | string): string {
  return dayjs(date).format(DAY_TIME_FORMAT);
}
