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

/** The newest update among the screen's live queries shown (0 when none has data yet). */
export function latestUpdate(
  queries: readonly { meta?: Record<string, unknown>; dataUpdatedAt: number; observed: boolean }[],
): number {
  let latest = 0;
  for (const query of queries) {
    if (query.meta?.live === true && query.meta.beside !== true && query.observed) {
      latest = Math.max(latest, query.dataUpdatedAt);
    }
  }
  return latest;
}
