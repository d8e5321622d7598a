import { Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';
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

/** A titled graph with its loading, empty and failed states. */
export function ChartPanel({ title, loading, failed, loadingMore = false, ...chart }: ChartPanelProps) {
  const titleId = useId();
  let body;
  if (loading) {
    body = <Loader size="sm" aria-label={`Loading ${title}`} />;
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
