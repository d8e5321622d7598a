import { Stack } from '@mantine/core';
import type { MetricName } from '@web-control/contract/monitoring';
import { useMemo } from 'react';
import { visiblePoints, type SeriesState } from '../../shared/charts/batched-series';
import { ChartPanel, ChartPanelPlaceholder } from '../../shared/charts/chart-panel';
import { chartTimes, metricColumns, type ChartPoint } from '../../shared/charts/metric-points';
import type { ChartSeries } from '../../shared/charts/time-series-chart';
import { usePlotWidth } from '../../shared/charts/use-plot-width';
import { formatCount, formatTps } from '../../shared/format/metrics';
import { PageTitle } from '../../shared/ui/page-title';
import { today, useCountToday, useTpsToday, type Day } from './api/aggregate-metrics';
import { useFeatures } from './api/features';
import { LiveTitle } from '../../shared/live/live-title';
import { COUNT_TODAY_TITLE, HOME_TITLE, TPS_TODAY_TITLE } from './titles';

const NO_POINTS: readonly ChartPoint[] = [];

export function HomePage() {
  const features = useFeatures();
  // Recomputed at each render (every refresh), so a new day starts new graphs.
  const day = today();
  return (
    <Stack>
      <PageTitle title={HOME_TITLE} />
      <LiveTitle>{HOME_TITLE}</LiveTitle>
      {features.isPending ? (
        <ChartPanelPlaceholder label="Loading" />
      ) : (
        // A failed features call counts as no search index: the graph needs the server's support.
        features.data?.searchIndex === true && <TpsTodayGraph day={day} />
      )}
      <CountTodayGraph day={day} />
    </Stack>
  );
}

function TpsTodayGraph({ day }: { day: Day }) {
  const [measurePlot, plotWidth] = usePlotWidth();
  const series = useTpsToday(day, plotWidth);
  return (
    <div ref={measurePlot}>
      <DayGraph
        title={TPS_TODAY_TITLE}
        day={day}
        state={series.data}
        label="Messages per second"
        metric="5minTpsAgg"
        format={formatTps}
      />
    </div>
  );
}

function CountTodayGraph({ day }: { day: Day }) {
  const [measurePlot, plotWidth] = usePlotWidth();
  const series = useCountToday(day, plotWidth);
  return (
    <div ref={measurePlot}>
      <DayGraph
        title={COUNT_TODAY_TITLE}
        day={day}
        state={series.data}
        label="Messages processed"
        metric="totalMessages"
        format={formatCount}
      />
    </div>
  );
}

interface DayGraphProps {
  title: string;
  day: Day;
  state: SeriesState<ChartPoint> | undefined;
  label: string;
  metric: MetricName;
  format: (value: number) => string;
}

function DayGraph({ title, day, state, label, metric, format }: DayGraphProps) {
  const points = state ? visiblePoints(state) : NO_POINTS;
  const from = Date.parse(day.from) / 1000;
  const to = Date.parse(day.to) / 1000;
  const { times, series } = useMemo(() => {
    const { values, min, max } = metricColumns(points, metric);
    // The running total only grows: a bucket's min and max add nothing to its line.
    const band = metric === 'totalMessages' ? undefined : { min, max };
    const drawn: ChartSeries[] = [{ label, color: 'blue', values, format, band }];
    return { times: chartTimes(points), series: drawn };
  }, [points, label, metric, format]);
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
