import { useEffect } from 'react';
import { whenIdle } from '../idle';
import { loadOnce, PRELOAD_IDLE_TIMEOUT_MS } from '../lazy-component';

/** The modal host loads with the first modal, or earlier when a screen preloads its modals. */
export const loadModalHost = loadOnce(() => import('./modal-host'));

/** What a screen names to preload: a modal definition (its content may be preloadable). */
export interface PreloadableModal {
  Content: { preload?: () => Promise<unknown> };
}

/** Starts loading the modal host and the modals' own chunks; loads nothing twice. */
export function preloadModals(modals: readonly PreloadableModal[]): void {
  void loadModalHost();
  for (const modal of modals) void modal.Content.preload?.();
}

/**
 * Preloads a screen's modals once the browser is idle after the screen has rendered, so that a
 * modal opens without a loader; `enabled` false (the user may not open them) loads nothing.
 * `modals` is a module-level list (its identity is the effect's key).
 */
export function usePreloadModalsWhenIdle(modals: readonly PreloadableModal[], enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    return whenIdle(() => preloadModals(modals), PRELOAD_IDLE_TIMEOUT_MS);
  }, [modals, enabled]);
}

/** Handlers for the control that opens the modals: pointing at it or focusing it starts their load. */
export function preloadModalsOnIntent(modals: readonly PreloadableModal[]) {
  const preload = () => preloadModals(modals);
  return { onMouseEnter: preload, onFocus: preload, onTouchStart: preload };
}
