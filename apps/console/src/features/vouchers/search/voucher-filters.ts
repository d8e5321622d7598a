import { dayRangeOf, parseDay } from '../../../shared/format/dates';
import { VOUCHER_PAGE_SIZE, VOUCHER_PAGE_SIZES } from '../constants';
import type { VouchersQuery } from '@web-control/contract/vouchers';

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

function parsePositive(text: string | null, fallback: number): number {
  const value = /^\d+$/.test(text ?? '') ? Number(text) : fallback;
  return Number.isSafeInteger(value) && value >= 1 ? value : fallback;
}

/** The search in the URL; anything missing or unreadable takes its default. */
export function readVoucherSearch(params: URLSearchParams): VoucherSearch {
  const size = parsePositive(params.get('size'), VOUCHER_PAGE_SIZE);
  return {
    filters: {
      reference: params.get('reference')?.trim() ?? '',
      createdFrom: parseDay(params.get('createdFrom')),
      createdTo: parseDay(params.get('createdTo')),
      modifiedFrom: parseDay(params.get('modifiedFrom')),
      modifiedTo: parseDay(params.get('modifiedTo')),
    },
    page: parsePositive(params.get('page'), 1),
    size: (VOUCHER_PAGE_SIZES as readonly number[]).includes(size) ? size : VOUCHER_PAGE_SIZE,
  };
}

/** Only what differs from the defaults goes into the URL. */
export function writeVoucherSearch({ filters, page, size }: VoucherSearch): URLSearchParams {
  const params = new URLSearchParams();
  const reference = filters.reference.trim();
  if (reference) params.set('reference', reference);
  for (const name of DAY_PARAMS) {
    const day = filters[name];
    if (day) params.set(name, day);
  }
  if (page > 1) params.set('page', String(page));
  if (size !== VOUCHER_PAGE_SIZE) params.set('size', String(size));
  return params;
}

/** `GET {moneytransfer}/orders`: ISO 8601 bounds with a zone (specification 0); offset = page * size - size. */
export function toOrdersQuery({ filters, page, size }: VoucherSearch): VouchersQuery {
  const reference = filters.reference.trim();
  const created = dayRangeOf(filters.createdFrom, filters.createdTo);
  const modified = dayRangeOf(filters.modifiedFrom, filters.modifiedTo);
  return {
    limit: size,
    offset: page * size - size,
    orderReference: reference === '' ? undefined : reference,
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
