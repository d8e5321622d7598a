import { useLocation } from 'react-router';

/**
 * Where a review's decision returns: the screen it was opened from (the reviews inbox passes its
 * own address as `state.from`), else the given fallback; undefined when there is neither.
 */
export function useReturnPath(fallback: string): string;
export function useReturnPath(fallback?: undefined): string | undefined;
export function useReturnPath(fallback?: string): string | undefined {
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/dashboard/') ? from : fallback;
}
