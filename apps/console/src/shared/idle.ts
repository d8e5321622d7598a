/** Safari and jsdom have no idle callbacks. */
function hasIdleCallbacks(): boolean {
  return typeof Reflect.get(window, 'requestIdleCallback') === 'function';
}

/**
 * Runs `then` once the browser is idle (at the latest after `timeoutMs`, when given), or after a
 * zero timeout where there are no idle callbacks. Returns what cancels it.
 */
export function whenIdle(then: () => void, timeoutMs?: number): () => void {
  if (hasIdleCallbacks()) {
    const handle = window.requestIdleCallback(
      then,
      timeoutMs === undefined ? undefined : { timeout: timeoutMs },
    );
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(then);
  return () => window.clearTimeout(handle);
}
