import { useCallback, useRef } from 'react';

/** Whether the focus fell with the palette: to the page, or still in its closing dialog. */
function focusFell(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.closest('[role="dialog"]') !== null;
}

/**
 * The keyboard back where the palette was opened from once it closes (Mantine's own return missed
 * the first opening, which mounts the palette open). A choice goes to its screen instead, and a
 * focus that has moved elsewhere meanwhile (a click) stays where it is.
 */
export function usePaletteFocusReturn(paletteOpen: () => boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    if (paletteOpen()) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [paletteOpen]);
  const forget = useCallback(() => {
    opener.current = null;
  }, []);
  const giveBack = useCallback(() => {
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected && focusFell()) element.focus({ preventScroll: true });
  }, []);
  return { remember, forget, giveBack };
}
