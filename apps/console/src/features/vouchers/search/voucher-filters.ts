import { dayRangeOf, formatDay, formatNumericDay, parseNumericDay } from '../../../shared/format/dates';
import { dayParam, searchTextParam, type UrlParams } from '../../../shared/url/url-params';
import { holdsCardNumber } from '@web-control/contract/iso8583-masking';
import { VOUCHER_RANGE_MESSAGES, type VouchersQuery } from '@web-control/contract/vouchers';

/** The day bounds as the URL and the date inputs hold them: local days (shared DAY_FORMAT), or null. */
export interface VoucherFilters {
  reference: string;
  createdFrom: string | null;
  createdTo: string | null;
  modifiedFrom: string | null;
  modifiedTo: string | null;
}

export interface VoucherSearch {
  filters: VoucherFilters;
  page: number;
  size: number;
}

export const NO_FILTERS: VoucherFilters = {
  reference: '',
  createdFrom: null,
  createdTo: null,
  modifiedFrom: null,
  modifiedTo: null,
};

const DAY_PARAMS = ['createdFrom', 'createdTo', 'modifiedFrom', 'modifiedTo'] as const;
export type DayFilter = (typeof DAY_PARAMS)[number];
/** The date fields holding a text that is no date, each with that text. */
export type NoDays = Partial<Record<DayFilter, string>>;

/**
 * The filters in the URL (page and size are the shared paging's); an unreadable day is no bound, and
 * a card number is no reference.
 */
export const VOUCHER_URL_PARAMS: UrlParams<VoucherFilters> = {
  reference: searchTextParam(),
  createdFrom: dayParam(),
  createdTo: dayParam(),
  modifiedFrom: dayParam(),
  modifiedTo: dayParam(),
};

/** `GET {moneytransfer}/orders`: ISO 8601 bounds with a zone (specification 0); offset = page * size - size. */
export function toOrdersQuery({ filters, page, size }: VoucherSearch): VouchersQuery {
  const reference = filters.reference.trim();
  const created = dayRangeOf(filters.createdFrom, filters.createdTo);
  const modified = dayRangeOf(filters.modifiedFrom, filters.modifiedTo);
  return {
    limit: size,
    offset: page * size - size,
    orderReference: reference === '' || holdsCardNumber(reference) ? undefined : reference,
    fromDatetime: created.from,
    toDatetime: created.to,
    fromLastModifiedDatetime: modified.from,
    toLastModifiedDatetime: modified.to,
  };
}

/** Any filter set: Clear has something to clear. */
export function hasFilters(filters: VoucherFilters): boolean {
  return filters.reference.trim() !== '' || DAY_PARAMS.some((name) => filters[name] !== null);
}

/** The "to" fields whose day is before their "from" day, each with the platform's own words for it. */
export function reversedRanges(filters: VoucherFilters): { createdTo?: string; modifiedTo?: string } {
  // Days as YYYY-MM-DD compare as text.
  const reversed = (from: string | null, to: string | null) => from !== null && to !== null && to < from;
  return {
    ...(reversed(filters.createdFrom, filters.createdTo)
      ? { createdTo: VOUCHER_RANGE_MESSAGES.created }
      : {}),
    ...(reversed(filters.modifiedFrom, filters.modifiedTo)
      ? { modifiedTo: VOUCHER_RANGE_MESSAGES.modified }
      : {}),
  };
}

/**
 * The days of an address that do not read (a link's `createdFrom=2026-02-31`), each with its text,
 * and those after today, as the field would show them (the picker shows none): said at its field
 * while the list waits, rather than list vouchers of any day or none.
 */
export function refusedLinkDays(search: URLSearchParams, today = formatDay(new Date())): NoDays {
  return Object.fromEntries(
    DAY_PARAMS.flatMap((name) => {
      const values = search.getAll(name);
      const text = values[0] ?? '';
      // The address's own rule: what it does not read is no bound.
      const day = VOUCHER_URL_PARAMS[name].read(values);
      if (text.trim() !== '' && day === undefined) return [[name, text]];
      if (day != null && day > today) return [[name, formatNumericDay(day)]];
      return [];
    }),
  );
}

/** A day typed as DD/MM/YYYY after today: nothing is created or changed in the future (specification 1, section 5). */
export function isFutureDay(typed: string): boolean {
  return (parseNumericDay(typed) ?? '') > formatDay(new Date());
}
