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
  | { kind: 'range'; fromDateTimeInclusive?: string; toDateTimeInclusive?: string };

/** A numeric settlement id replaces the other filters (section 5). */
export function settlementSearchOf(filters: SettlementFilters): SettlementSearch {
  const id = filters.settlementId.trim();
  if (/^\d+$/.test(id) && Number(id) > 0) return { kind: 'id', settlementId: Number(id) };
  const range = minuteRangeOf(filters.from, filters.to);
  return { kind: 'range', fromDateTimeInclusive: range.from, toDateTimeInclusive: range.to };
}

/** The id field takes digits only. */
export function settlementIdInputOf(typed: string): string {
  return typed.replace(/\D/g, '');
}
