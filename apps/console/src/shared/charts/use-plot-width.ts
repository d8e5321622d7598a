import { MAX_DATA_POINTS_LIMIT } from '@web-control/contract/monitoring';
import { useCallback, useState } from 'react';

/** Used when the container has no width (a page without layout). */
export const FALLBACK_PLOT_WIDTH = 600;

/**
 * The width in CSS pixels of the element given the callback ref, taken once from its first
 * ResizeObserver entry: a graph asks for at most this many points (maxDataPoints), as many as it
 * can draw. An observer reports after the browser's own layout; reading `clientWidth` as the
 * element mounted forced a layout of the whole page inside the screen's first long task (about
 * 90 ms of Home's at 4x CPU throttling).
 */
export function usePlotWidth() {
  const [width, setWidth] = useState<number>();
  const measure = useCallback((element: HTMLElement | null) => {
    if (element === null) return;
    const observer = new ResizeObserver((entries) => {
      observer.disconnect();
      const measured = Math.round(entries[0]?.contentRect.width ?? 0) || FALLBACK_PLOT_WIDTH;
      setWidth((current) => current ?? Math.min(measured, MAX_DATA_POINTS_LIMIT));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [measure, width] as const;
}
