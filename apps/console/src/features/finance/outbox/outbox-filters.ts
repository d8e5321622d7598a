import { minuteRangeOf, todayMinutesOf } from '../../../shared/format/dates';
import { holdsRangeError } from '../../../shared/forms/minute-range';

/** A tag filter row: the tag type chosen and the value typed. */
export interface TagRow {
  key: number;
  tagId: string;
  value: string;
}

/** The Date Created range as picked (local minutes, `YYYY-MM-DDTHH:mm`) and the tag rows. */
export interface OutboxFilters {
  from: string;
  to: string;
  tags: TagRow[];
}

/** The outbox query as sent: tags as `tagId:value`, repeated. */
export interface ExtractsRequest {
  fromDateTimeInclusive?: string;
  toDateTimeInclusive?: string;
  tag: string[];
  processId?: number;
  offset: number;
  limit: number;
}

/** Specification 2, section 9: the range starts and ends with today; no tag filters. */
export function defaultOutboxFilters(now: Date): OutboxFilters {
  return { ...todayMinutesOf(now), tags: [] };
}

/**
 * The request for the filters: tag rows without a type or a value are dropped (so choosing only a
 * tag type asks nothing new), and a range that breaks the rules is left out (the list asks nothing then).
 */
export function extractsRequestOf(
  filters: OutboxFilters,
  page: { offset: number; limit: number },
  processId: number | undefined,
  now: Date,
): ExtractsRequest {
  const range = holdsRangeError(filters, now)
    ? minuteRangeOf('', '')
    : minuteRangeOf(filters.from, filters.to);
  return {
    fromDateTimeInclusive: range.from,
    toDateTimeInclusive: range.to,
    tag: filters.tags.flatMap((row) =>
      row.tagId !== '' && row.value.trim() !== '' ? [`${row.tagId}:${row.value.trim()}`] : [],
    ),
    processId,
    ...page,
  };
}

/** The tag columns: one per tag of the first row (section 2). */
export function tagColumnsOf(extracts: readonly { tags: Record<string, string[]> }[]): string[] {
  return Object.keys(extracts[0]?.tags ?? {});
}
