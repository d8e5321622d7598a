import { INTEGER_ID_MAX } from '@web-control/contract/inputs';
import type { SettlementWaiting } from '@web-control/contract/finance-settlements';
import { formatNumericMinute } from '../../../shared/format/dates';
import { groupThousands } from '../../../shared/format/decimal';

/** Texts of the Settlement tab (specification 2, sections 2, 8 and 9). */
export const SETTLEMENTS_PAGE_SIZE = 25;
export const SETTLEMENTS_DEBOUNCE_MS = 400;

export const SETTLEMENTS_MESSAGES = {
  failed: "Could not retrieve settlements. Please try again or contact the provider's support.",
  aggregatesFailed: 'Could not retrieve settlement aggregates. Please try again.',
  empty: 'No settlements found. Try adjusting your filters.',
  // Typed as it is, so that "-5" or "1.5" is not searched as another run's id; the platform's ids stop at
  // PostgreSQL's integer.
  invalidId: `A settlement ID is a whole number from 1 to ${groupThousands(String(INTEGER_ID_MAX))}, such as 42`,
  /** A settlement ID replaces the other filters (specification 2, section 5). */
  idReplacesDates: 'Shows this run alone: From and To are not used while it is set.',
  waitingForId: 'Correct or clear the Settlement ID to see settlements.',
  waitingForRange: 'Correct the dates to see settlements.',
  // The specification shows no close; these follow the area's other toasts.
  closed: (id: number) => `Settlement ${id} closed successfully`,
  closeFailed: (id: number, message: string | null) =>
    message === null ? `Failed to close settlement ${id}` : `Failed to close settlement ${id}: ${message}`,
  closeConfirm: (id: number) =>
    `Close settlement ${id}? The matched transactions waiting to settle join it, its transactions are marked settled and its report written. This cannot be undone.`,
  noTotalsYet: 'Totals are computed when the run closes.',
  waitingFailed: 'Could not count the matched transactions waiting to settle.',
  /** Matched transactions that no run holds yet, and which run takes them (decision 0071). */
  waiting: (count: number, run: SettlementWaiting['todaysRun'], nextRunFrom: string) => {
    const subject =
      count === 1
        ? '1 matched transaction waits'
        : `${groupThousands(String(count))} matched transactions wait`;
    const them = count === 1 ? 'it' : 'them';
    if (run === null)
      return `${subject} to settle: the settlement job opens today's run and adds ${them} within 5 minutes.`;
    if (run.status === 'OPEN')
      return `${subject} to join ${settlementTitle(run.id)}: the settlement job adds ${them} within 5 minutes, and closing the run adds ${them} first.`;
    return `${subject} for the next run: today's run, ${settlementTitle(run.id)}, is closed. The next run opens at ${formatNumericMinute(nextRunFrom)}.`;
  },
  // A closed run's totals are written when it closes; none means it settled no transactions.
  noTransactions: 'This run settled no transactions, so it has no totals.',
} as const;

export const settlementTitle = (id: number) => `Settlement ${id}`;
export const TBD = 'TBD';
export const AGGREGATE_TOTALS = 'Aggregate totals:';
