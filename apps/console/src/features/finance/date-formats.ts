import dayjs from 'dayjs';

/** Audit and approval dates are day/month/year hour:minute (specification 2, section 9); seconds added where the screen asks. */
const SECONDS_FORMAT = 'DD/MM/YYYY HH:mm:ss';

/** "03/02/2026 14:05:09", or '-' for a date that is not there. */
export function formatFinanceSeconds(date: string | null): string {
  return date === null ? '-' : dayjs(date).format(SECONDS_FORMAT);
}
