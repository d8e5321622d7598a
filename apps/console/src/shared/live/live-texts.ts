export const LIVE_TEXTS = {
  group: 'Refresh',
  live: 'Live',
  paused: 'Paused',
} as const;

/** How long ago the screen's data arrived, in whole seconds. */
export function updatedAgoText(updatedAt: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - updatedAt) / 1000));
  return `updated ${seconds} s ago`;
}

export const LIVE_FAILED_TEXT = 'Last refresh failed';

export interface LiveQuerySnapshot {
  meta?: Record<string, unknown>;
  dataUpdatedAt: number;
  observed: boolean;
  /** Its latest fetch failed (a 404 aside: the screen says what is not found). */
  failed?: boolean;
  /** It does not fetch (yet): it shows nothing, so it waits for nothing. */
  disabled?: boolean;
}

/**
 * How old the screen's live data is: the oldest last answer among its live queries shown, so
 * figures kept from before a failure are not called fresh by another query's; 0 while one of them
 * has no data yet (loading, or its first load failed), as the screen is not there to be dated.
 * And whether any of their latest refreshes failed.
 */
export function liveStatus(queries: readonly LiveQuerySnapshot[]): { updatedAt: number; failed: boolean } {
  let updatedAt = 0;
  let failed = false;
  let waiting = false;
  for (const query of queries) {
    if (query.meta?.live !== true || query.meta.beside === true || !query.observed) continue;
    if (query.failed === true) failed = true;
    if (query.dataUpdatedAt > 0) {
      updatedAt = updatedAt === 0 ? query.dataUpdatedAt : Math.min(updatedAt, query.dataUpdatedAt);
    } else if (query.disabled !== true) {
      waiting = true;
    }
  }
  return { updatedAt: waiting ? 0 : updatedAt, failed };
}
