import { MAX_DATA_POINTS_LIMIT } from '@web-control/contract/monitoring';
import { useCallback, useState } from 'react';

/** Used until the container has been measured (and in a page without layout). */
export const FALLBACK_PLOT_WIDTH = 600;

/**
 * The width in CSS pixels of the element given the callback ref, measured once when it mounts:
 * a graph asks for at most this many points (maxDataPoints), as many as it can draw.
 */
export function usePlotWidth() {
  const [width, setWidth] = useState<number>();
  const measure = useCallback((element: HTMLElement | null) => {
    if (element === null) return;
    const measured = Math.round(element.clientWidth) || FALLBACK_PLOT_WIDTH;
    setWidth((current) => current ?? Math.min(measured, MAX_DATA_POINTS_LIMIT));
  }, []);
  return [measure, width] as const;
}
