import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { VOUCHER_DATE_FORMAT, VOUCHER_DATE_TIME_FORMAT } from './constants';

dayjs.extend(advancedFormat);

/** "Tue 3rd Feb '26 14:05:09" (specification 3, section 9). */
export function formatVoucherDateTime(date: string | Date): string {
  return dayjs(date).format(VOUCHER_DATE_TIME_FORMAT);
}

/** "03/02/2026": the date filters' format (section 9). */
export function formatVoucherDate(date: string | Date): string {
  return dayjs(date).format(VOUCHER_DATE_FORMAT);
}
