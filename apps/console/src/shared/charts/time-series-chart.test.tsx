import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type uPlot from 'uplot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeUPlot } from '../../test/uplot';
import { ChartPanel, GRAPH_LOAD_FAILED, GRAPH_NO_DATA } from './chart-panel';
import { TimeSeriesChart, type ChartSeries } from './time-series-chart';

vi.mock('uplot', async () => ({ default: (await import('../../test/uplot')).FakeUPlot }));

const times = [1_767_261_600, 1_767_261_610];
const series: ChartSeries[] = [
  { label: 'Fast', color: 'blue', values: [1, 2], format: (v) => v.toFixed(1) },
  { label: 'Slow', color: 'red', values: [3, 4], format: (v) => v.toFixed(1), shownByDefault: false },
];

let resize: ResizeObserverCallback | undefined;

describe('TimeSeriesChart', () => {
  beforeEach(() => {
    FakeUPlot.reset();
    resize = undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          resize = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderChart(props: { times: number[]; series: ChartSeries[] }) {
    return render(
      <MantineProvider>
        <TimeSeriesChart {...props} />
      </MantineProvider>,
    );
  }

  it('labels its axes in 24-hour time and with a decimal point, wide enough for large counts', () => {
    renderChart({ times, series });
    const [timeAxis, valueAxis] = FakeUPlot.latest()?.opts.axes ?? [];
    const plot = FakeUPlot.latest() as unknown as uPlot;
    const timeLabels = timeAxis?.values;
    const valueLabels = valueAxis?.values;
    const size = valueAxis?.size;
    if (typeof timeLabels !== 'function' || typeof valueLabels !== 'function' || typeof size !== 'function') {
      throw new Error('the chart must format its own axis labels');
    }
    const afternoon = new Date(2026, 10, 23, 15, 0).getTime() / 1000;
    expect(timeLabels(plot, [afternoon], 0, 50, 3600)).toEqual(['15:00\n23 Nov']);
    expect(valueLabels(plot, [0.5, 1.5], 1, 30, 0.5)).toEqual(['0.5', '1.5']);
    expect(size(plot, ['250 000'], 1, 0)).toBeGreaterThan(size(plot, ['25'], 1, 0));
  });

  it('draws the series with the hidden ones switched off, and redraws new data without a new plot', () => {
    const view = renderChart({ times, series });
    const plot = FakeUPlot.latest();
    expect(plot?.opts.series.map((s) => s.show)).toEqual([undefined, true, false]);
    expect(plot?.data).toEqual([times, [1, 2], [3, 4]]);
    view.rerender(
      <MantineProvider>
        <TimeSeriesChart
          times={[...times, 1_767_261_620]}
          series={series.map((s) => ({ ...s, values: [...s.values, 5] }))}
        />
      </MantineProvider>,
    );
    expect(FakeUPlot.instances).toHaveLength(1);
    expect(plot?.data[1]).toEqual([1, 2, 5]);
  });

  it('follows its container’s width', () => {
    renderChart({ times, series });
    act(() => resize?.([{ contentRect: { width: 432 } } as ResizeObserverEntry], {} as ResizeObserver));
    expect(FakeUPlot.latest()?.sizes.at(-1)).toEqual({ width: 432, height: 260 });
  });

  it('toggles a series from its legend button', async () => {
    const user = userEvent.setup();
    renderChart({ times, series });
    const slow = screen.getByRole('button', { name: 'Slow' });
    expect(slow).toHaveAttribute('aria-pressed', 'false');
    await user.click(slow);
    expect(slow).toHaveAttribute('aria-pressed', 'true');
    expect(FakeUPlot.latest()?.isShown(2)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Fast' }));
    expect(FakeUPlot.latest()?.isShown(1)).toBe(false);
  });

  it('shades a band between each time’s min and max, shown and hidden with its line', async () => {
    const user = userEvent.setup();
    const [fast, slow] = series;
    if (!fast || !slow) throw new Error('two series');
    const banded: ChartSeries[] = [{ ...fast, band: { min: [0.5, 2], max: [9, 2] } }, slow];
    renderChart({ times, series: banded });
    const plot = FakeUPlot.latest();
    expect(plot?.data).toEqual([times, [1, 2], [3, 4], [9, 2], [0.5, 2]]);
    expect(plot?.opts.bands?.map((band) => band.series)).toEqual([[3, 4]]);
    await user.click(screen.getByRole('button', { name: 'Fast' }));
    expect([1, 3, 4].map((index) => plot?.isShown(index))).toEqual([false, false, false]);
    expect(plot?.isShown(2)).toBe(false);
  });

  it('reads out the latest values, and those under the cursor', () => {
    renderChart({ times, series });
    const legend = screen.getByRole('group', { name: 'Legend' });
    expect(within(legend).getByText('2.0')).toBeInTheDocument();
    expect(within(legend).getByText('4.0')).toBeInTheDocument();
    act(() => FakeUPlot.latest()?.hover(0));
    expect(within(legend).getByText('1.0')).toBeInTheDocument();
    expect(within(legend).getByText('3.0')).toBeInTheDocument();
  });

  it('destroys the plot when it leaves the page', () => {
    const view = renderChart({ times, series });
    expect(document.querySelector('canvas')).not.toBeNull();
    view.unmount();
    expect(FakeUPlot.latest()?.destroyed).toBe(true);
  });
});

describe('ChartPanel', () => {
  beforeEach(() => FakeUPlot.reset());

  function renderPanel(props: { loading: boolean; failed: boolean; times: number[] }) {
    return render(
      <MantineProvider>
        <ChartPanel title="Graph" series={series} {...props} />
      </MantineProvider>,
    );
  }

  it('is a figure named by its title', () => {
    renderPanel({ loading: false, failed: false, times });
    expect(screen.getByRole('figure', { name: 'Graph' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Graph' })).toBeInTheDocument();
  });

  it('shows a loader, then no data, and no data after a failure', () => {
    const view = renderPanel({ loading: true, failed: false, times: [] });
    expect(screen.getByLabelText('Loading Graph')).toBeInTheDocument();
    view.unmount();
    const empty = renderPanel({ loading: false, failed: false, times: [] });
    expect(screen.getByText(GRAPH_NO_DATA)).toBeInTheDocument();
    empty.unmount();
    renderPanel({ loading: false, failed: true, times });
    expect(screen.getByRole('alert')).toHaveTextContent(GRAPH_LOAD_FAILED);
    expect(FakeUPlot.instances).toHaveLength(0);
  });
});
