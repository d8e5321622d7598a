import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFrames, paintFrame, stubIdleCallbacks, type IdleCallback } from '../test/idle';
import { PRELOAD_IDLE_TIMEOUT_MS, usePreloadWhenIdle } from './lazy-component';

const preload = vi.fn();

function Screen({ drawn }: { drawn: boolean }) {
  usePreloadWhenIdle(preload, drawn);
  return null;
}

describe('a preload when idle', () => {
  let idleCallbacks: IdleCallback[] = [];

  beforeEach(() => {
    idleCallbacks = stubIdleCallbacks();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    preload.mockReset();
  });

  it('waits for the screen to have drawn what it loads first and the browser to have painted it, then to be idle', () => {
    fakeFrames();
    const { rerender } = render(<Screen drawn={false} />);
    paintFrame();
    expect(idleCallbacks, 'nothing asked while the screen waits for its data').toHaveLength(0);
    rerender(<Screen drawn />);
    expect(idleCallbacks, 'nor before the frame that paints it').toHaveLength(0);
    paintFrame();
    expect(idleCallbacks).toHaveLength(1);
    expect(idleCallbacks[0]?.options).toEqual({ timeout: PRELOAD_IDLE_TIMEOUT_MS });
    expect(preload).not.toHaveBeenCalled();
    idleCallbacks[0]?.run();
    expect(preload).toHaveBeenCalledTimes(1);
  });
});
