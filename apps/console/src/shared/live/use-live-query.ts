import { useLive } from './live-state';

/**
 * How often the review screens (Reviews and its menu count, a process's approvals, Map Approvals)
 * ask again: other users' requests and decisions arrive while one is open.
 */
export const REVIEW_REFRESH_MS = 30_000;

/** Marks a query as one of the screen's own refreshes: the Live control reads its update time. */
export const LIVE_META = { live: true } as const;
/** Paused and resumed with the screen, but not the screen's figures (the menu's review count). */
const LIVE_BESIDE_META = { live: true, beside: true } as const;

/**
 * A polling query's options as the Live control says: paused, it does not poll; live, it polls
 * as its options say and, back from a hidden tab, refreshes once at once. A hidden tab never polls
 * (TanStack Query skips an interval while the document is hidden).
 */
export function useLiveQueryOptions<O extends object>(options: O, { beside = false } = {}): O {
  const { paused } = useLive();
  const meta = beside ? LIVE_BESIDE_META : LIVE_META;
  return paused
    ? { ...options, refetchInterval: false, refetchOnWindowFocus: false, meta }
    : { ...options, refetchIntervalInBackground: false, refetchOnWindowFocus: 'always', meta };
}
