import dayjs from 'dayjs';

const TYPED_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A day typed as DD/MM/YYYY (the specification's date format) as `YYYY-MM-DD`; null if it is no day. */
export function parseTypedDay(text: string): string | null {
  const match = TYPED_DAY.exec(text.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return dayjs(iso).isValid() && dayjs(iso).format('YYYY-MM-DD') === iso ? iso : null;
}
