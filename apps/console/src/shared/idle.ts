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

/**
 * Runs `then` once the browser is idle after it has shown what was just rendered: an idle period can
 * come between a render and the frame that paints it, or before that frame is on screen, and a
 * download started there is one the screen's paint waits for. Returns what cancels it.
 */
export function whenIdleAfterPaint(then: () => void, timeoutMs?: number): () => void {
  let cancel: () => void;
  // The frame that paints it, then the next: by its start the first is on screen.
  const nextFrame = () => {
    const frame = requestAnimationFrame(() => {
      const timer = setTimeout(() => (cancel = whenIdle(then, timeoutMs)));
      cancel = () => clearTimeout(timer);
    });
    cancel = () => cancelAnimationFrame(frame);
  };
  const frame = requestAnimationFrame(nextFrame);
  cancel = () => cancelAnimationFrame(frame);
  return () => cancel();
}
