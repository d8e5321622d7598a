import type { ActionType, AuditStatus } from '@web-control/contract/finance';
import type { AuditsQuery } from '@web-control/contract/finance-actions';
import dayjs from 'dayjs';
import { formatLocalMinute } from '../../../shared/format/dates';
import { pageQueryOf } from '../../../shared/ui/paging';

export interface AuditFilters {
  /** Local date-times as the inputs hold them. */
  from: string;
  to: string;
  username: string;
  type: ActionType | null;
  status: AuditStatus | null;
}

/** One month back to now (specification 2, section 9). */
export function defaultAuditFilters(now: Date): AuditFilters {
  return {
    from: formatLocalMinute(dayjs(now).subtract(1, 'month').toDate()),
    to: formatLocalMinute(now),
    username: '',
    type: null,
    status: null,
  };
}

// A bound being typed (not yet a date) is left out rather than sent malformed.
function instantOf(local: string, edge: 'start' | 'end'): string | undefined {
  const parsed = dayjs(local);
  if (local === '' || !parsed.isValid()) return undefined;
  // The inputs show minutes: the end bound takes in the whole of its minute.
  return (edge === 'end' ? parsed.endOf('minute') : parsed.startOf('minute')).toISOString();
}

/** Whether To is before From: the list waits for it to be corrected rather than find nothing. */
export function isReversed({ from, to }: Pick<AuditFilters, 'from' | 'to'>): boolean {
  const start = instantOf(from, 'start');
  const end = instantOf(to, 'end');
  return start !== undefined && end !== undefined && end < start;
}

export function auditsQueryOf(filters: AuditFilters, page: number, size: number): AuditsQuery {
  const username = filters.username.trim();
  return {
    ...pageQueryOf({ page, size }),
    fromDateTimeInclusive: instantOf(filters.from, 'start'),
    toDateTimeInclusive: instantOf(filters.to, 'end'),
    username: username === '' ? undefined : username,
    type: filters.type ?? undefined,
    status: filters.status ?? undefined,
  };
}
