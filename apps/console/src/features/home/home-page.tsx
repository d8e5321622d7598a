import { Stack, Title } from '@mantine/core';
import type { MetricPoint } from '@web-control/contract/monitoring';
import { useMemo } from 'react';
import { visiblePoints, type SeriesState } from '../../shared/charts/batched-series';
import { ChartPanel } from '../../shared/charts/chart-panel';
import type { ChartSeries } from '../../shared/charts/time-series-chart';
import { formatCount, formatTps } from '../../shared/format/metrics';
import { PageTitle } from '../../shared/ui/page-title';
import { LoadingState } from '../../shared/ui/query-state';
import { today, useCountToday, useTpsToday, type Day } from './api/aggregate-metrics';
import { useFeatures } from './api/features';

const TITLE = 'Home';
export const TPS_TODAY_TITLE = 'Messages per Second Today';
export const COUNT_TODAY_TITLE = 'Total Messages Processed Today';

const NO_POINTS: readonly MetricPoint[] = [];
const pickTps = (point: MetricPoint) => point['5minTpsAgg'];
const pickCount = (point: MetricPoint) => point.totalMessages;

export function HomePage() {
  const features = useFeatures();
  // Recomputed at each render (every refresh), so a new day starts new graphs.
  const day = today();
  return (
    <Stack>
      <PageTitle title={TITLE} />
      <Title order={1}>{TITLE}</Title>
      {features.isPending ? (
        <LoadingState />
      ) : (
        // A failed features call counts as no search index: the graph needs the server's support.
        features.data?.searchIndex === true && <TpsTodayGraph day={day} />
      )}
      <CountTodayGraph day={day} />
    </Stack>
  );
}

function TpsTodayGraph({ day }: { day: Day }) {
  const series = useTpsToday(day);
  return (
    <DayGraph
      title={TPS_TODAY_TITLE}
      day={day}
      state={series.data}
      label="Messages per second"
      pick={pickTps}
      format={formatTps}
    />
  );
}

function CountTodayGraph({ day }: { day: Day }) {
  const series = useCountToday(day);
  return (
    <DayGraph
      title={COUNT_TODAY_TITLE}
      day={day}
      state={series.data}
      label="Messages processed"
      pick={pickCount}
      format={formatCount}
    />
  );
}

interface DayGraphProps {
  title: string;
  day: Day;
  state: SeriesState<MetricPoint> | undefined;
  label: string;
  pick: (point: MetricPoint) => number;
  format: (value: number) => string;
}

function DayGraph({ title, day, state, label, pick, format }: DayGraphProps) {
  const points = state ? visiblePoints(state) : NO_POINTS;
  const from = Date.parse(day.from) / 1000;
  const to = Date.parse(day.to) / 1000;
  const { times, series } = useMemo(() => {
    const values: ChartSeries[] = [{ label, color: 'blue', values: points.map(pick), format }];
    return { times: points.map((point) => Date.parse(point.time) / 1000), series: values };
  }, [points, label, pick, format]);
  const timeRange = useMemo(() => [from, to] as const, [from, to]);
  return (
    <ChartPanel
      title={title}
      loading={!state?.settled}
      failed={state?.failed ?? false}
      loadingMore={state?.more ?? false}
      times={times}
      series={series}
      timeRange={timeRange}
    />
  );
}
