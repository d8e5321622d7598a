import 'uplot/dist/uPlot.min.css';
import { alpha, Group, Text, UnstyledButton, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import uPlot from 'uplot';
import { formatDateTimeSeconds } from '../format/dates';
import { formatTimeTicks, formatValueTicks, valueAxisWidth } from './axis-labels';
import { chartPalette, type ChartColor } from './chart-colors';
import { DEFAULT_CHART_HEIGHT } from './chart-height';
import classes from './time-series-chart.module.css';
import { FALLBACK_PLOT_WIDTH } from './use-plot-width';

export interface ChartSeries {
  label: string;
  color: ChartColor;
  /** One value per time; null where the series has none. */
  values: readonly (number | null)[];
  format: (value: number) => string;
  /** Drawn from the start unless false; the legend switches it on and off. */
  shownByDefault?: boolean;
  /** Each time's lowest and highest value (a reduced bucket's), shaded around the line so spikes show. */
  band?: { min: readonly (number | null)[]; max: readonly (number | null)[] };
}

export interface TimeSeriesChartProps {
  /** Seconds since the epoch, ascending. */
  times: readonly number[];
  series: readonly ChartSeries[];
  height?: number;
  /** A fixed time axis (seconds), e.g. the whole of today; otherwise it fits the data. */
  timeRange?: readonly [number, number];
}

/** Two lines of labels: the time, and the day where it changes. */
const TIME_AXIS_HEIGHT_PX = 48;
const BAND_FILL_ALPHA = 0.2;
const BAND_EDGE_ALPHA = 0.5;

/** The series with a band, each with the uPlot indexes of its max and min (after every line). */
function bandIndexes(series: readonly ChartSeries[]): Map<number, { max: number; min: number }> {
  const indexes = new Map<number, { max: number; min: number }>();
  series.forEach((item, index) => {
    if (item.band === undefined) return;
    const max = series.length + 1 + indexes.size * 2;
    indexes.set(index, { max, min: max + 1 });
  });
  return indexes;
}

function toAlignedData(times: readonly number[], series: readonly ChartSeries[]): uPlot.AlignedData {
  const bands = series.flatMap((item) => (item.band ? [item.band.max, item.band.min] : []));
  return [
    times as number[],
    ...[...series.map((item) => item.values), ...bands].map((values) => values as (number | null)[]),
  ];
}

/**
 * A uPlot time series sized to its container, with a legend of buttons that show and hide each
 * series and read out the values under the cursor (the latest values when the cursor is away).
 * The plot is created once per colour scheme and set of series; new data only redraws it.
 */
export function TimeSeriesChart({
  times,
  series,
  height = DEFAULT_CHART_HEIGHT,
  timeRange,
}: TimeSeriesChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  const [shown, setShown] = useState(() => series.map((item) => item.shownByDefault !== false));
  const [cursorIndex, setCursorIndex] = useState<number | null>(null);
  const palette = chartPalette(theme, scheme);

  const seriesShape = series
    .map((item) => `${item.label}:${item.color}:${item.band ? 'band' : ''}`)
    .join('|');
  const [rangeFrom, rangeTo] = timeRange ?? [];

  const buildOptions = useEffectEvent((width: number): uPlot.Options => {
    const bands = bandIndexes(series);
    const bandSeries = series.flatMap((item, index) => {
      const edge = {
        stroke: alpha(palette.series[item.color], BAND_EDGE_ALPHA),
        width: 1,
        show: shown[index] ?? true,
        spanGaps: false,
        points: { show: false },
      };
      return bands.has(index)
        ? [
            { ...edge, label: `${item.label} max` },
            { ...edge, label: `${item.label} min` },
          ]
        : [];
    });
    const axis: uPlot.Axis = {
      stroke: palette.axis,
      grid: { stroke: palette.grid, width: 1 },
      ticks: { stroke: palette.grid, width: 1 },
    };
    return {
      width,
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: {
          time: true,
          ...(rangeFrom !== undefined && rangeTo !== undefined
            ? { range: (): uPlot.Range.MinMax => [rangeFrom, rangeTo] }
            : {}),
        },
      },
      axes: [
        {
          ...axis,
          size: TIME_AXIS_HEIGHT_PX,
          values: (_plot, ticks, _axis, _space, step) => formatTimeTicks(ticks, step),
        },
        {
          ...axis,
          values: (_plot, ticks, _axis, _space, step) => formatValueTicks(ticks, step),
          size: (_plot, labels) => valueAxisWidth(labels),
        },
      ],
      series: [
        {},
        ...series.map((item, index) => ({
          label: item.label,
          stroke: palette.series[item.color],
          width: 2,
          show: shown[index] ?? true,
          spanGaps: false,
        })),
        ...bandSeries,
      ],
      bands: series.flatMap((item, index) => {
        const band = bands.get(index);
        return band
          ? [{ series: [band.max, band.min], fill: alpha(palette.series[item.color], BAND_FILL_ALPHA) }]
          : [];
      }),
      hooks: { setCursor: [(plot: uPlot) => setCursorIndex(plot.cursor.idx ?? null)] },
    };
  });
  const currentData = useEffectEvent(() => toAlignedData(times, series));

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const plot = new uPlot(
      buildOptions(container.clientWidth || FALLBACK_PLOT_WIDTH),
      currentData(),
      container,
    );
    plotRef.current = plot;
    const observer = new ResizeObserver((entries) => {
      const width = entries[0]?.contentRect.width;
      if (width) plot.setSize({ width, height });
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [scheme, seriesShape, height, rangeFrom, rangeTo]);

  useEffect(() => {
    plotRef.current?.setData(toAlignedData(times, series));
  }, [times, series]);

  const toggle = (index: number) => {
    const show = !(shown[index] ?? true);
    setShown((current) => current.map((value, i) => (i === index ? show : value)));
    plotRef.current?.setSeries(index + 1, { show });
    const band = bandIndexes(series).get(index);
    if (band) {
      plotRef.current?.setSeries(band.max, { show });
      plotRef.current?.setSeries(band.min, { show });
    }
  };

  const readoutIndex = cursorIndex ?? (times.length > 0 ? times.length - 1 : null);
  const readoutTime = readoutIndex === null ? undefined : times[readoutIndex];

  return (
    <div>
      <div ref={containerRef} className={classes.plot} />
      <Group gap="md" mt="xs" wrap="wrap" aria-label="Legend" role="group">
        <Text size="sm" c="dimmed" aria-live="off">
          {readoutTime === undefined ? '' : formatDateTimeSeconds(readoutTime * 1000)}
        </Text>
        {series.map((item, index) => {
          const value = readoutIndex === null ? null : (item.values[readoutIndex] ?? null);
          const isShown = shown[index] ?? true;
          return (
            <Group key={item.label} gap={6} wrap="nowrap">
              <UnstyledButton
                aria-pressed={isShown}
                onClick={() => toggle(index)}
                className={isShown ? undefined : classes.hidden}
              >
                <Group gap={6} wrap="nowrap">
                  <span className={classes.swatch} style={{ background: palette.series[item.color] }} />
                  <Text size="sm" span>
                    {item.label}
                  </Text>
                </Group>
              </UnstyledButton>
              <Text size="sm" fw={600} span>
                {value === null ? '-' : item.format(value)}
              </Text>
            </Group>
          );
        })}
      </Group>
    </div>
  );
}
