import { MAX_DATA_POINTS_LIMIT } from '@web-control/contract/monitoring';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_PLOT_WIDTH, usePlotWidth } from './use-plot-width';

let observers: { callback: ResizeObserverCallback; disconnected: boolean }[] = [];

function stubObserver() {
  observers = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      readonly record: { callback: ResizeObserverCallback; disconnected: boolean };
      constructor(callback: ResizeObserverCallback) {
        this.record = { callback, disconnected: false };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    },
  );
}

function report(width: number) {
  const observer = observers.at(-1);
  observer?.callback([{ contentRect: { width } } as ResizeObserverEntry], {} as ResizeObserver);
}

function Plot() {
  const [measure, width] = usePlotWidth();
  return <div ref={measure}>{width === undefined ? 'not measured' : `width ${width}`}</div>;
}

describe('usePlotWidth', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the width from the first observation and stops observing', async () => {
    stubObserver();
    render(<Plot />);
    expect(screen.getByText('not measured')).toBeInTheDocument();
    report(431.6);
    expect(await screen.findByText('width 432')).toBeInTheDocument();
    expect(observers.at(-1)?.disconnected).toBe(true);
  });

  it('uses the fallback for an element without width, and caps a wide one', async () => {
    stubObserver();
    const { unmount } = render(<Plot />);
    report(0);
    expect(await screen.findByText(`width ${FALLBACK_PLOT_WIDTH}`)).toBeInTheDocument();
    unmount();
    render(<Plot />);
    report(MAX_DATA_POINTS_LIMIT + 500);
    expect(await screen.findByText(`width ${MAX_DATA_POINTS_LIMIT}`)).toBeInTheDocument();
  });
});
