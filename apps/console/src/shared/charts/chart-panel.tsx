import { Box, Center, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { DEFAULT_CHART_HEIGHT } from './chart-height';
import { TimeSeriesChart, type TimeSeriesChartProps } from './time-series-chart';

export const GRAPH_NO_DATA = 'No data';
export const GRAPH_LOAD_FAILED = 'No data: the graph could not be loaded.';

export interface ChartPanelProps extends TimeSeriesChartProps {
  title: string;
  /** Nothing has answered yet: a loader instead of the graph. */
  loading: boolean;
  /** The last load failed: no data is shown. */
  failed: boolean;
  /** Further batches are on their way: a small indicator beside the title. */
  loadingMore?: boolean;
}

/**
 * As tall as a drawn graph (its plot and its legend's row): a graph that arrives moves nothing
 * below it (a layout shift on a phone's first visit).
 */
function PlotSpace({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Center
      h={`calc(${height.toString()}px + var(--mantine-spacing-xs) + var(--mantine-font-size-sm) * var(--mantine-line-height-sm))`}
    >
      {children}
    </Center>
  );
}

/**
 * The space of a graph panel not known yet to be shown (it waits on another answer), with a loader:
 * the panels below it stay where they are when it comes.
 */
export function ChartPanelPlaceholder({ label }: { label: string }) {
  return (
    <Paper withBorder p="md">
      <Box h="calc(var(--mantine-h4-font-size) * var(--mantine-h4-line-height))" mb="sm" />
      <PlotSpace height={DEFAULT_CHART_HEIGHT}>
        <Loader size="sm" role="progressbar" aria-label={label} />
      </PlotSpace>
    </Paper>
  );
}

/** A titled graph with its loading, empty and failed states. */
export function ChartPanel({ title, loading, failed, loadingMore = false, ...chart }: ChartPanelProps) {
  const titleId = useId();
  let body;
  if (loading) {
    body = (
      <PlotSpace height={chart.height ?? DEFAULT_CHART_HEIGHT}>
        <Loader size="sm" aria-label={`Loading ${title}`} />
      </PlotSpace>
    );
  } else if (failed) {
    body = (
      <Text c="dimmed" role="alert">
        {GRAPH_LOAD_FAILED}
      </Text>
    );
  } else if (chart.times.length === 0) {
    body = <Text c="dimmed">{GRAPH_NO_DATA}</Text>;
  } else {
    body = <TimeSeriesChart {...chart} />;
  }
  return (
    <Paper component="figure" withBorder p="md" m={0} aria-labelledby={titleId}>
      <figcaption>
        <Group gap="xs" mb="sm">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {loadingMore && !loading && <Loader size="xs" aria-label={`Loading more of ${title}`} />}
        </Group>
      </figcaption>
      {body}
    </Paper>
  );
}
