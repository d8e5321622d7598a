import { act } from '@testing-library/react';
import { vi } from 'vitest';

export interface IdleCallback {
  run: () => void;
  options?: IdleRequestOptions;
}

/**
 * Replaces the browser's idle callbacks with a list the test runs from; unstubbed with
 * `vi.unstubAllGlobals()`, after unmounting (which cancels them).
 */
export function stubIdleCallbacks(): IdleCallback[] {
  const callbacks: IdleCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void, options?: IdleRequestOptions) =>
    callbacks.push({ run, options }),
  );
  vi.stubGlobal('cancelIdleCallback', vi.fn());
  return callbacks;
}

/** Fakes the page's frames and timers, for `paintFrame`; `vi.useRealTimers()` undoes it. */
export function fakeFrames(): void {
  vi.useFakeTimers({
    toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
  });
}

/** The frames that paint and show what was rendered, and the task after them. */
export function paintFrame(): void {
  act(() => {
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
  });
}
