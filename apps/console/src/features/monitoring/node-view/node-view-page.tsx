import { Alert, Group, SimpleGrid, Stack } from '@mantine/core';
import { TIME_RANGES, type Instance, type MetricName } from '@web-control/contract/monitoring';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { visiblePoints } from '../../../shared/charts/batched-series';
import { ChartPanel } from '../../../shared/charts/chart-panel';
import { chartTimes, metricColumns, type ChartPoint } from '../../../shared/charts/metric-points';
import type { ChartSeries } from '../../../shared/charts/time-series-chart';
import { usePlotWidth } from '../../../shared/charts/use-plot-width';
import { formatResponseTime, formatTps } from '../../../shared/format/metrics';
import { PageTitle } from '../../../shared/ui/page-title';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/query-state';
import { useInstances } from '../api/instances';
import { useNodeMetrics, type NodeMetricsParams, type TimeRange } from '../api/metrics';
import { METRICS_UNAVAILABLE, NO_NODES, nodeNotReported } from '../constants';
import {
  nodeViewSearch,
  passedNodeViewState,
  type AskedNodeView,
  type NodeViewState,
} from './node-view-state';
import { LiveTitle } from '../../../shared/live/live-title';
import { Select } from '../../../shared/ui/select';

const TITLE = 'Node View';
export const REQUESTS_CHART_TITLE = 'Request messages per second';
export const RESPONSE_TIME_CHART_TITLE = 'Response time on requests';

const TIME_RANGE_OPTIONS = TIME_RANGES.map(({ value, label }) => ({ value, label }));
const DEFAULT_TIME_RANGE: TimeRange = TIME_RANGES[0].value;

// A node is chosen by instance and node together: node ids need only be unique in their instance.
function nodeKey(node: Pick<NodeViewState, 'instanceId' | 'nodeId'>): string {
  return JSON.stringify([node.instanceId, node.nodeId]);
}

function findNode(instances: Instance[], key: string | null): NodeViewState | undefined {
  if (key === null) return undefined;
  for (const instance of instances) {
    for (const node of instance.nodes) {
      const candidate = { instanceId: instance.instanceId, nodeId: node.nodeId };
      if (nodeKey(candidate) === key) return candidate;
    }
  }
  return undefined;
}

function nodeDescriptionOf(instances: Instance[], node: NodeViewState): string {
  const instance = instances.find((each) => each.instanceId === node.instanceId);
  return instance?.nodes.find((each) => each.nodeId === node.nodeId)?.nodeDescription ?? node.nodeId;
}

/**
 * The node asked for when an instance reports it (a link naming only the node: the first instance
 * that does; only the instance: its first node), otherwise the first node of the first instance.
 */
export function defaultNode(instances: Instance[], asked: AskedNodeView): NodeViewState | undefined {
  for (const instance of instances) {
    if (asked.instanceId !== undefined && instance.instanceId !== asked.instanceId) continue;
    const node =
      asked.nodeId === undefined
        ? asked.instanceId === undefined
          ? undefined
          : instance.nodes[0]
        : instance.nodes.find((each) => each.nodeId === asked.nodeId);
    if (node) return { instanceId: instance.instanceId, nodeId: node.nodeId };
  }
  const first = instances[0];
  const node = first?.nodes[0];
  return first && node ? { instanceId: first.instanceId, nodeId: node.nodeId } : undefined;
}

export function NodeViewPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const instances = useInstances();
  const passed = passedNodeViewState(location.state, new URLSearchParams(location.search));
  const timeRange = passed.timeRange ?? DEFAULT_TIME_RANGE;

  const nodeOptions = useMemo(
    () =>
      (instances.data ?? [])
        .filter((instance) => instance.nodes.length > 0)
        .map((instance) => ({
          group: instance.instanceName,
          items: instance.nodes.map((node) => ({
            value: nodeKey({ instanceId: instance.instanceId, nodeId: node.nodeId }),
            label: node.nodeDescription,
          })),
        })),
    [instances.data],
  );
  const all = instances.data ?? [];
  const selected = defaultNode(all, passed);
  // A link to a node no instance reports, or the node watched gone since: said, not swapped in silence.
  const { nodeId: askedNodeId, instanceId: askedInstanceId } = passed;
  const askedInstance = all.find((instance) => instance.instanceId === askedInstanceId);
  const notReported =
    selected !== undefined &&
    ((askedNodeId !== undefined && askedNodeId !== selected.nodeId) ||
      (askedInstanceId !== undefined && askedInstanceId !== selected.instanceId))
      ? {
          nodeId: askedNodeId,
          instance: askedInstance?.instanceName ?? askedInstanceId,
          instanceWithoutNodes: askedInstance?.nodes.length === 0,
        }
      : undefined;
  // The choice replaces the entry's state and address, so a reload, Back to this page, or its link
  // shows it again.
  const show = (next: Partial<NodeViewState>) => {
    if (selected === undefined) return;
    const state: NodeViewState = { ...selected, timeRange, ...next };
    void navigate({ pathname: location.pathname, search: nodeViewSearch(state) }, { replace: true, state });
  };

  let content;
  if (instances.isError) {
    content = <ErrorState text={METRICS_UNAVAILABLE} />;
  } else if (instances.isPending) {
    content = <LoadingState />;
  } else if (!selected) {
    content = <EmptyState text={NO_NODES} />;
  } else {
    content = (
      <Stack>
        {notReported ? (
          <Alert color="yellow" role="status">
            {nodeNotReported(notReported, nodeDescriptionOf(all, selected))}
          </Alert>
        ) : null}
        <Group align="end">
          <Select
            label="Node"
            data={nodeOptions}
            value={nodeKey(selected)}
            onChange={(key) => {
              const node = findNode(all, key);
              if (node) show({ instanceId: node.instanceId, nodeId: node.nodeId });
            }}
            allowDeselect={false}
            searchable
            w={280}
          />
          <Select
            label="Time range"
            data={TIME_RANGE_OPTIONS}
            value={timeRange}
            onChange={(value) => {
              const range = TIME_RANGES.find((each) => each.value === value);
              if (range) show({ timeRange: range.value });
            }}
            allowDeselect={false}
            w={220}
          />
        </Group>
        <NodeCharts
          // A new node or range starts its own series.
          key={`${nodeKey(selected)} ${timeRange}`}
          params={{ from: timeRange, instance: selected.instanceId, node: selected.nodeId }}
        />
      </Stack>
    );
  }

  return (
    <Stack>
      <PageTitle title={TITLE} />
      <LiveTitle>{TITLE}</LiveTitle>
      {content}
    </Stack>
  );
}

const NO_POINTS: readonly ChartPoint[] = [];

/** A gauge's line with its band: each bucket's min and max, so a spike inside one still shows. */
function gaugeSeries(points: readonly ChartPoint[], metric: MetricName) {
  const { values, min, max } = metricColumns(points, metric);
  return { values, band: { min, max } };
}

function NodeCharts({ params }: { params: NodeMetricsParams }) {
  const [measurePlot, plotWidth] = usePlotWidth();
  const metrics = useNodeMetrics(params, plotWidth);
  const state = metrics.data;
  const points = state ? visiblePoints(state) : NO_POINTS;

  const { times, requests, responseTimes } = useMemo(() => {
    const requestSeries: ChartSeries[] = [
      { label: 'TPS (5 minutes)', color: 'blue', ...gaugeSeries(points, '5minTps'), format: formatTps },
    ];
    const responseSeries: ChartSeries[] = [
      {
        label: '50th percentile',
        color: 'teal',
        ...gaugeSeries(points, 'percentile50'),
        format: formatResponseTime,
      },
      {
        label: '95th percentile',
        color: 'orange',
        ...gaugeSeries(points, 'percentile95'),
        format: formatResponseTime,
      },
      {
        label: '99th percentile',
        color: 'red',
        ...gaugeSeries(points, 'percentile99'),
        format: formatResponseTime,
        // Specification section 9: hidden by default.
        shownByDefault: false,
      },
    ];
    return { times: chartTimes(points), requests: requestSeries, responseTimes: responseSeries };
  }, [points]);

  const loading = !state?.settled;
  const failed = state?.failed ?? false;
  const loadingMore = state?.more ?? false;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      {/* Both charts share one series, asked for at the width of the first (they are as wide). */}
      <div ref={measurePlot}>
        <ChartPanel
          title={REQUESTS_CHART_TITLE}
          loading={loading}
          failed={failed}
          loadingMore={loadingMore}
          times={times}
          series={requests}
        />
      </div>
      <ChartPanel
        title={RESPONSE_TIME_CHART_TITLE}
        loading={loading}
        failed={failed}
        loadingMore={loadingMore}
        times={times}
        series={responseTimes}
      />
    </SimpleGrid>
  );
}
