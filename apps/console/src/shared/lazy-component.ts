import { createElement, use, useEffect, type ComponentType } from 'react';
import { whenIdleAfterPaint } from './idle';

/** An idle preload runs by then even on a browser that is never idle (a page that keeps polling). */
export const PRELOAD_IDLE_TIMEOUT_MS = 2_000;

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

/** A component whose code loads apart from the page and can be asked to load before it is shown. */
export type PreloadableComponent<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A component in a chunk of its own (a modal's content, a part of a screen drawn on demand). Once
 * preloaded it renders at once; shown before that, it suspends until its chunk is there, so a
 * Suspense boundary above it shows a loader meanwhile.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  const preload = loadOnce(load);
  function LazyComponent(props: P) {
    return createElement(use(preload()), props);
  }
  return Object.assign(LazyComponent, { preload });
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

/**
 * Runs `preload` once the browser is idle after it has painted the screen rendered with `enabled` (a
 * screen passes whether it has drawn what it loads first: a preload before that takes the link from
 * it).
 * `preload` is a module-level function (its identity is the effect's key).
 */
export function usePreloadWhenIdle(preload: () => void, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    return whenIdleAfterPaint(preload, PRELOAD_IDLE_TIMEOUT_MS);
  }, [preload, enabled]);
}
