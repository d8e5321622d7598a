import dayjs from 'dayjs';

/** The filter as typed: a day range (`YYYY-MM-DD`) and a settlement id. */
export interface SettlementFilters {
  from: string;
  to: string;
  settlementId: string;
}

/** Specification 2, section 9: the range starts and ends with today. */
export function defaultSettlementFilters(now: Date): SettlementFilters {
  const today = dayjs(now).format('YYYY-MM-DD');
  return { from: today, to: today, settlementId: '' };
}

export type SettlementSearch =
  | { kind: 'id'; settlementId: number }
  | { kind: 'range'; fromDateTimeInclusive?: string; toDateTimeInclusive?: string };

/** A whole day typed as `YYYY-MM-DD`, in the browser's zone; a day being typed counts as none. */
function dayOf(value: string): dayjs.Dayjs | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = dayjs(value);
  return day.isValid() ? day : undefined;
}

/** A numeric settlement id replaces the other filters (section 5). */
export function settlementSearchOf(filters: SettlementFilters): SettlementSearch {
  const id = filters.settlementId.trim();
  if (/^\d+$/.test(id) && Number(id) > 0) return { kind: 'id', settlementId: Number(id) };
  return {
    kind: 'range',
    fromDateTimeInclusive: dayOf(filters.from)?.startOf('day').toISOString(),
    toDateTimeInclusive: dayOf(filters.to)?.endOf('day').toISOString(),
  };
}

/** The id field takes digits only. */
export function settlementIdInputOf(typed: string): string {
  return typed.replace(/\D/g, '');
}
