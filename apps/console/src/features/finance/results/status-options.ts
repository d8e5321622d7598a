import type { MatchStatus, SettlementStatus } from '@web-control/contract/finance';
import { MATCH_STATUS_LABELS, SETTLEMENT_STATUS_LABELS } from './constants';

export const STATUS_OPTIONS = ['MATCHED', 'UNMATCHED', 'PARTIAL', 'ISSUE', 'ALL'] as const;
export type StatusOption = (typeof STATUS_OPTIONS)[number];

export const STATUS_OPTION_LABELS: Record<StatusOption, string> = {
  MATCHED: 'Matched',
  UNMATCHED: 'Unmatched',
  PARTIAL: 'Partially matched',
  ISSUE: 'Issue',
  ALL: 'All transactions',
};

export interface StatusFilter {
  matchStatus?: MatchStatus;
  settlementStatus?: SettlementStatus;
}

/** The radio group's mapping (specification 2, section 4). */
const STATUS_FILTERS: Record<StatusOption, StatusFilter> = {
  MATCHED: { matchStatus: 'MATCHED', settlementStatus: 'PENDING' },
  UNMATCHED: { matchStatus: 'UNMATCHED', settlementStatus: 'ISSUE' },
  PARTIAL: { matchStatus: 'MATCHED', settlementStatus: 'ISSUE' },
  ISSUE: { settlementStatus: 'ISSUE' },
  ALL: {},
};

export function statusFilterOf(option: StatusOption): StatusFilter {
  return STATUS_FILTERS[option];
}

/** The option a query's statuses came from; a pair no option gives (a hand-made link) reads as All. */
export function statusOptionOf(filter: StatusFilter): StatusOption {
  const found = STATUS_OPTIONS.find((option) => {
    const mapped = STATUS_FILTERS[option];
    return mapped.matchStatus === filter.matchStatus && mapped.settlementStatus === filter.settlementStatus;
  });
  return found ?? 'ALL';
}

/**
 * The statuses of a link that no option gives (matchStatus=PARTIALLY_MATCHED), as the radio says
 * them with none of its options checked; null when an option gives them.
 */
export function linkedStatusText(filter: StatusFilter): string | null {
  const option = statusOptionOf(filter);
  if (option !== 'ALL' || (filter.matchStatus === undefined && filter.settlementStatus === undefined))
    return null;
  const parts = [
    ...(filter.matchStatus === undefined ? [] : [`match status ${MATCH_STATUS_LABELS[filter.matchStatus]}`]),
    ...(filter.settlementStatus === undefined
      ? []
      : [`settlement status ${SETTLEMENT_STATUS_LABELS[filter.settlementStatus]}`]),
  ];
  return `From the link: ${parts.join(', ')}.`;
}
