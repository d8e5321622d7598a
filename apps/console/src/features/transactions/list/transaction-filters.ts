import {
  cardKeyOf,
  formatCompactIso,
  STAN_PATTERN,
  TRANSACTIONS_MAX_OFFSET,
  TRANSACTIONS_PAGE_SIZE,
  transactionsQuerySchema,
  type TransactionsQuery,
} from '@web-control/contract/transactions';
import { holdsCardNumber } from '@web-control/contract/iso8583-masking';
import dayjs from 'dayjs';
import { formatLocalMinute, parseLocalMinute } from '../../../shared/format/dates';
import type { UrlCodec } from '../../../shared/url/use-list-url-state';
import { schemaRefusal } from '../../../shared/forms/schema-refusal';
import type { DateTimeRange } from '../components/date-time-range';

export interface TransactionFilters extends DateTimeRange {
  /** A card transaction's RRN too. */
  reference: string;
  /** Six digits; within the date range, as STANs repeat. */
  stan: string;
  /** A masked card number: first 6 and last 4 digits. */
  card: string;
  service: string | null;
  receiver: string | null;
}

/** What the URL asks the list for: the filters and the page. */
export interface ListRequest {
  filters: TransactionFilters;
  page: number;
  /**
   * Beyond the first page, the newest row of the first page as it was when paged from: the pages
   * count from it, so Back, a reload or a shared link shows the same rows however many arrived since.
   */
  latest: string | null;
}

/** The default filter: start to end of today, local, to the minute (specification section 9). */
export function todayRange(now: Date): DateTimeRange {
  return {
    from: dayjs(now).startOf('day').toDate(),
    to: dayjs(now).endOf('day').startOf('minute').toDate(),
  };
}

/** The last page the platform can be asked for (its deepest offset). */
export const LAST_PAGE = TRANSACTIONS_MAX_OFFSET / TRANSACTIONS_PAGE_SIZE + 1;

/** The URL's page: 1 when it does not read, the last page when it lies beyond. */
export function readPage(params: URLSearchParams): number {
  const text = params.get('page');
  const page = /^\d+$/.test(text ?? '') ? Number(text) : 1;
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(page, LAST_PAGE);
}

/** A bare link's filters: today, nothing else. */
export function defaultFilters(now: Date): TransactionFilters {
  return { ...todayRange(now), reference: '', stan: '', card: '', service: null, receiver: null };
}

/** The request in the search params; what is missing or unreadable takes its default. */
export function readListRequest(params: URLSearchParams, defaultRange: DateTimeRange): ListRequest {
  const from = parseLocalMinute(params.get('from')) ?? defaultRange.from;
  const to = parseLocalMinute(params.get('to')) ?? defaultRange.to;
  return {
    filters: {
      // An end before the start is no range: the default stands instead.
      ...(to < from ? defaultRange : { from, to }),
      reference: params.get('reference')?.trim() ?? '',
      stan: params.get('stan')?.trim() ?? '',
      card: params.get('card')?.trim() ?? '',
      service: params.get('service') || null,
      receiver: params.get('receiver') || null,
    },
    ...readPaging(params),
  };
}

export const LINK_RANGE_TEXTS = {
  unreadRange: "The link's dates could not be read, so today's transactions are shown.",
  unreadBound: "A date in the link could not be read: today's start or end stands in for it.",
  reversed: "The link's range ends before it starts, so today's transactions are shown.",
  future: "The link's range starts after now, so no transaction can match it yet.",
} as const;

/**
 * Why a link's range is not the one shown (readListRequest puts today's start or end for a date
 * that does not read, and today for a reversed range), or why it can show nothing (it starts after
 * now: a link made in a zone ahead, or typed); null when the link names no range, or one that reads.
 */
export function unreadLinkRange(params: URLSearchParams, now: Date): string | null {
  const named = [params.get('from'), params.get('to')].filter((value) => value !== null);
  if (named.length === 0) return null;
  const unread = named.filter((value) => parseLocalMinute(value) === undefined).length;
  const today = todayRange(now);
  const { filters } = readListRequest(params, today);
  const replaced =
    filters.from.getTime() === today.from.getTime() && filters.to.getTime() === today.to.getTime();
  if (unread === named.length || (unread > 0 && replaced)) return LINK_RANGE_TEXTS.unreadRange;
  if (unread > 0) return LINK_RANGE_TEXTS.unreadBound;
  const start = parseLocalMinute(params.get('from')) ?? today.from;
  const end = parseLocalMinute(params.get('to')) ?? today.to;
  if (end < start) return LINK_RANGE_TEXTS.reversed;
  return start > now ? LINK_RANGE_TEXTS.future : null;
}

/** The URL's page and, beyond the first, the row it counts from (none when it does not read). */
export function readPaging(params: URLSearchParams): Pick<ListRequest, 'page' | 'latest'> {
  const page = readPage(params);
  const latest = params.get('latest') ?? '';
  // The API's own rule for the row it counts from.
  const readable = transactionsQuerySchema.shape.latestRecord.safeParse(latest).success;
  return { page, latest: page > 1 && readable ? latest : null };
}

/** The filter fields typed as text, each searched for only when whole. */
export type TextFilter = 'reference' | 'stan' | 'card';

/** Why the API would refuse a reference as typed (too long, a card number), or null. */
export function referenceError(text: string): string | null {
  return text.trim() === '' ? null : schemaRefusal(transactionsQuerySchema.shape.reference, text);
}

const SEARCHABLE: Record<TextFilter, (text: string) => boolean> = {
  reference: (text) => referenceError(text) === null,
  stan: (text) => text.trim() === '' || STAN_PATTERN.test(text.trim()),
  card: (text) => text.trim() === '' || (!holdsCardNumber(text) && cardKeyOf(text) !== undefined),
};

/** Whether a text filter can be searched for as typed: empty, or whole and no whole card number. */
export function isSearchable(filter: TextFilter, text: string): boolean {
  return SEARCHABLE[filter](text);
}

/**
 * The first text filter that cannot be searched for as typed, or null. The list waits for it rather
 * than show transactions that filter does not narrow.
 */
export function unsearchableFilter(filters: TransactionFilters): TextFilter | null {
  const fields: TextFilter[] = ['reference', 'stan', 'card'];
  return fields.find((field) => !isSearchable(field, filters[field])) ?? null;
}

/**
 * The text filter holding a whole card number as typed, or null. It never reaches the address, so
 * the list waits on what was typed rather than go on showing what that filter does not narrow.
 */
export function cardNumberFilter(filters: TransactionFilters): TextFilter | null {
  const fields: TextFilter[] = ['reference', 'stan', 'card'];
  return fields.find((field) => holdsCardNumber(filters[field])) ?? null;
}

/**
 * The search params of a request: the range always, other filters when set, the page beyond the
 * first with the row it counts from.
 */
export function writeListRequest({ filters, page, latest }: ListRequest): URLSearchParams {
  const params = new URLSearchParams({
    // Local time to the minute: readable and free of time zones.
    from: formatLocalMinute(filters.from),
    to: formatLocalMinute(filters.to),
  });
  // A whole card number typed in any text field never reaches the address (history, Copy link, logs).
  const reference = filters.reference.trim();
  if (reference && !holdsCardNumber(reference)) params.set('reference', reference);
  const stan = filters.stan.trim();
  if (stan && !holdsCardNumber(stan)) params.set('stan', stan);
  const card = filters.card.trim();
  if (card && !holdsCardNumber(card)) params.set('card', card);
  if (filters.service) params.set('service', filters.service);
  if (filters.receiver) params.set('receiver', filters.receiver);
  if (page > 1) params.set('page', String(page));
  if (page > 1 && latest !== null) params.set('latest', latest);
  return params;
}

const FILTER_NAMES = ['from', 'to', 'reference', 'stan', 'card', 'service', 'receiver'];

/** The filters for the shared URL hook: read and written as the list request's; the page is the hook's to drop. */
export const TRANSACTION_FILTERS_CODEC: UrlCodec<TransactionFilters> = {
  read: (search, defaults) => readListRequest(search, defaults).filters,
  write: (filters, _defaults, search) => {
    for (const name of FILTER_NAMES) search.delete(name);
    writeListRequest({ filters, page: 1, latest: null }).forEach((value, name) => search.set(name, value));
    return search;
  },
};

/**
 * The address to show instead of one whose range could not be read or was reversed (the default
 * range shows then), or whose page could not be read or lies beyond the last; null when the
 * address already says what is shown (an address naming no range keeps naming none).
 */
export function correctedListParams(params: URLSearchParams, request: ListRequest): URLSearchParams | null {
  const shown = writeListRequest(request);
  const namesRange = params.has('from') || params.has('to');
  const rangeShown = params.get('from') === shown.get('from') && params.get('to') === shown.get('to');
  const pageShown =
    (!params.has('page') || params.get('page') === shown.get('page')) &&
    (!params.has('latest') || params.get('latest') === shown.get('latest'));
  if ((!namesRange || rangeShown) && pageShown) return null;
  if (!namesRange) {
    shown.delete('from');
    shown.delete('to');
  }
  return shown;
}

/**
 * The API query. The end minute counts whole (to its last second, the pickers having no seconds);
 * a page beyond the first holds only rows no newer than the first page's newest (latestRecord):
 * the request's own, else the one the list last loaded.
 */
export function toTransactionsQuery(
  { filters, page, latest }: ListRequest,
  latestLoaded: string | null,
  pageSize: number,
): TransactionsQuery {
  const latestRecord = latest ?? latestLoaded;
  return {
    service: filters.service ?? undefined,
    reference: holdsCardNumber(filters.reference) ? undefined : filters.reference.trim() || undefined,
    // Asked for only once whole (the list waits meanwhile: unsearchableFilter).
    stan: STAN_PATTERN.test(filters.stan.trim()) ? filters.stan.trim() : undefined,
    card: cardKeyOf(filters.card) === undefined ? undefined : filters.card.trim(),
    receiver: filters.receiver ?? undefined,
    dateFrom: formatCompactIso(filters.from),
    dateTo: formatCompactIso(dayjs(filters.to).endOf('minute').toDate()),
    ...(page > 1 ? { latestRecord: latestRecord ?? undefined, offset: page * pageSize - pageSize } : {}),
  };
}
