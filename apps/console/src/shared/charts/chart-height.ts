/**
 * A graph's height in px when its screen sets none. The page served for a screen with graphs keeps
 * their space from it too (build/page-shell.ts), so it imports nothing.
 */
export const DEFAULT_CHART_HEIGHT = 260;
