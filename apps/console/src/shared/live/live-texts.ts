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
}

/**
 * How old the screen's live data is: the oldest last answer among its live queries shown (0 when
 * none has data yet), so figures kept from before a failure are not called fresh by another
 * query's; and whether any of their latest refreshes failed.
 */
export function liveStatus(queries: readonly LiveQuerySnapshot[]): { updatedAt: number; failed: boolean } {
  let updatedAt = 0;
  let failed = false;
  for (const query of queries) {
    if (query.meta?.live !== true || query.meta.beside === true || !query.observed) continue;
    if (query.failed === true) failed = true;
    if (query.dataUpdatedAt > 0) {
      updatedAt = updatedAt === 0 ? query.dataUpdatedAt : Math.min(updatedAt, query.dataUpdatedAt);
    }
  }
  return { updatedAt, failed };
}
