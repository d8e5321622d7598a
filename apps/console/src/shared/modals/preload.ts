import { createElement, use, useEffect, type ComponentType } from 'react';
import { whenIdle } from '../idle';

/** An idle preload runs by then even on a browser that is never idle (a page that keeps polling). */
export const MODAL_PRELOAD_IDLE_TIMEOUT_MS = 2_000;

/**
 * A loader that starts once and is shared by all who ask; a failed load is tried again when next
 * asked. Its promise can be given to `use`, which reads it at once once it has loaded.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= settledForUse(
      load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      }),
    );
    return loading;
  };
}

/** The modal host loads with the first modal, or earlier when a screen preloads its modals. */
export const loadModalHost = loadOnce(() => import('./modal-host'));

/** A component whose code loads apart from the page and can be asked to load before it is shown. */
export type PreloadableComponent<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * An area's modal content in its own chunk. Once preloaded it renders at once; opened before that,
 * it suspends until its chunk is there (the host shows a loader meanwhile).
 */
export function lazyModalContent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  const preload = loadOnce(load);
  function LazyModalContent(props: P) {
    return createElement(use(preload()), props);
  }
  return Object.assign(LazyModalContent, { preload });
}

/**
 * Marks the promise fulfilled with its value once it is, as React itself marks a promise it has
 * seen: `use` then reads a preloaded chunk at once instead of suspending for a turn.
 */
function settledForUse<T>(promise: Promise<T>): Promise<T> {
  const marked = promise as Promise<T> & { status?: string; value?: T };
  marked.then(
    (value) => Object.assign(marked, { status: 'fulfilled', value }),
    () => undefined,
  );
  return promise;
}

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
    return whenIdle(() => preloadModals(modals), MODAL_PRELOAD_IDLE_TIMEOUT_MS);
  }, [modals, enabled]);
}

/** Handlers for the control that opens the modals: pointing at it or focusing it starts their load. */
export function preloadModalsOnIntent(modals: readonly PreloadableModal[]) {
  const preload = () => preloadModals(modals);
  return { onMouseEnter: preload, onFocus: preload, onTouchStart: preload };
}
