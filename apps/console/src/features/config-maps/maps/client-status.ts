import type { ClientStatus, ClientSummary } from '@web-control/contract/config-maps';
import type { StateKind } from '../../../shared/ui/state-pill';
import { CLIENT_STATUS_TEXTS, CLIENT_SUMMARY_TEXTS } from '../constants';

// The priority order itself is the contract's `clientSummaryOf`; the console gives it words and colours.
const SUMMARY_TEXTS: Record<ClientSummary, string> = {
  NO_CLIENTS: CLIENT_SUMMARY_TEXTS.none,
  REJECTED: CLIENT_SUMMARY_TEXTS.rejected,
  TOO_OLD: CLIENT_SUMMARY_TEXTS.tooOld,
  PENDING: CLIENT_SUMMARY_TEXTS.pending,
  UP_TO_DATE: CLIENT_SUMMARY_TEXTS.upToDate,
};

const STATUS_TEXTS: Record<ClientStatus, string> = {
  REJECTED: CLIENT_STATUS_TEXTS.rejected,
  TOO_OLD: CLIENT_STATUS_TEXTS.tooOld,
  PENDING: CLIENT_STATUS_TEXTS.pending,
  UP_TO_DATE: CLIENT_STATUS_TEXTS.upToDate,
};

const KINDS: Record<ClientSummary, StateKind> = {
  NO_CLIENTS: 'unavailable',
  REJECTED: 'error',
  TOO_OLD: 'error',
  PENDING: 'incomplete',
  UP_TO_DATE: 'success',
};

export function clientSummaryText(summary: ClientSummary): string {
  return SUMMARY_TEXTS[summary];
}

export function clientStatusText(status: ClientStatus): string {
  return STATUS_TEXTS[status];
}

export function clientStatusKind(status: ClientSummary): StateKind {
  return KINDS[status];
}
