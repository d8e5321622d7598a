import { integerIdSchema } from '@web-control/contract/inputs';
import { minuteRangeOf, todayMinutesOf } from '../../../shared/format/dates';

/** The filter as picked: a range of local minutes (`YYYY-MM-DDTHH:mm`) and a settlement id. */
export interface SettlementFilters {
  from: string;
  to: string;
  settlementId: string;
}

/** Specification 2, section 9: the range starts and ends with today. */
export function defaultSettlementFilters(now: Date): SettlementFilters {
  return { ...todayMinutesOf(now), settlementId: '' };
}

export type SettlementSearch =
  | { kind: 'id'; settlementId: number }
  /** An id typed that is no settlement id: the tab waits for it to be corrected or cleared. */
  | { kind: 'invalid-id' }
  | { kind: 'range'; fromDateTimeInclusive?: string; toDateTimeInclusive?: string };

/** A numeric settlement id replaces the other filters (section 5); one that is not, is refused. */
export function settlementSearchOf(filters: SettlementFilters): SettlementSearch {
  const id = filters.settlementId.trim();
  if (id !== '') {
    const parsed = integerIdSchema.safeParse(/^\d+$/.test(id) ? Number(id) : Number.NaN);
    return parsed.success ? { kind: 'id', settlementId: parsed.data } : { kind: 'invalid-id' };
  }
  const range = minuteRangeOf(filters.from, filters.to);
  return { kind: 'range', fromDateTimeInclusive: range.from, toDateTimeInclusive: range.to };
}
