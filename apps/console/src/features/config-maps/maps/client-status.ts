import type { StateKind } from '../../../shared/ui/state-pill';
import { CLIENT_STATUS_TEXTS, CLIENT_SUMMARY_TEXTS } from '../constants';

/** What the card reads of one client's entry (specification 3, section 3). */
export interface ClientFlags {
  acknowledgedVersionRejected: boolean;
  acknowledgedVersionTooOld: boolean;
  versionMismatch: boolean;
}

export type ClientStatus = 'rejected' | 'tooOld' | 'pending' | 'upToDate';
export type ClientSummary = ClientStatus | 'none';

const STATUS_KINDS: Record<ClientSummary, StateKind> = {
  none: 'unavailable',
  rejected: 'error',
  tooOld: 'error',
  pending: 'incomplete',
  upToDate: 'success',
};

/** One client: a rejection outranks lateness, lateness outranks a plain mismatch. */
export function clientStatusOf(client: ClientFlags): ClientStatus {
  if (client.acknowledgedVersionRejected) return 'rejected';
  if (client.acknowledgedVersionTooOld) return 'tooOld';
  if (client.versionMismatch) return 'pending';
  return 'upToDate';
}

const PRIORITY: readonly ClientStatus[] = ['rejected', 'tooOld', 'pending', 'upToDate'];

/**
 * The card's summary in the specification's priority order: nobody subscribed, then any client
 * that rejected, then any too old, then any pending, otherwise all up to date.
 */
export function clientSummaryOf(clients: readonly ClientFlags[]): ClientSummary {
  if (clients.length === 0) return 'none';
  const statuses = new Set(clients.map(clientStatusOf));
  return PRIORITY.find((status) => statuses.has(status)) ?? 'upToDate';
}

export function clientSummaryText(summary: ClientSummary): string {
  return CLIENT_SUMMARY_TEXTS[summary];
}

export function clientStatusText(status: ClientStatus): string {
  return CLIENT_STATUS_TEXTS[status];
}

export function clientStatusKind(status: ClientSummary): StateKind {
  return STATUS_KINDS[status];
}
