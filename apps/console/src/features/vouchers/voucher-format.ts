import dayjs from 'dayjs';
import { VOUCHER_DATE_FORMAT } from './constants';

// Date and time use the shared formatDateTimeSeconds: specification 3 names the same format.

/** "03/02/2026": the date filters' format (section 9). */
export function formatVoucherDate(date: string | Date): string {
  return dayjs(date).format(VOUCHER_DATE_FORMAT);
}
