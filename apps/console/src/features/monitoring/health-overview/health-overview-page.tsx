import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { Node, SafQueue } from '@web-control/contract/monitoring';
import { Link } from 'react-router';
import { formatCount, formatResponseTime, formatTps } from '../../../shared/format/metrics';
import { DataTable, type DataTableColumn } from '../../../shared/ui/data-table';
import { HEALTH_OVERVIEW_TITLE } from '../titles';
import { PageTitle } from '../../../shared/ui/page-title';
import { combineQueries, EmptyState, QueryState } from '../../../shared/ui/query-state';
import { StatusDot } from '../../../shared/ui/status-dot';
import { useNodes } from '../api/nodes';
import { useSafQueues } from '../api/saf-queues';
import { METRICS_UNAVAILABLE, NO_NODES, NO_SAF_QUEUES } from '../constants';
import { NODE_VIEW_PATH } from '../paths';
import { nodeViewSearch, type NodeViewState } from '../node-view/node-view-state';
import { LiveTitle } from '../../../shared/live/live-title';

/** Nodes and SAF queues load together and refresh every 30 s without a loader. */
export function HealthOverviewPage() {
  const nodes = useNodes();
  const queues = useSafQueues();

  // Either failing says so above both tables; a failed refresh leaves the last figures beneath it.
  const both = combineQueries(nodes, queues);
  return (
    <Stack>
      <PageTitle title={HEALTH_OVERVIEW_TITLE} />
      <LiveTitle>{HEALTH_OVERVIEW_TITLE}</LiveTitle>
      <QueryState query={both} errorText={METRICS_UNAVAILABLE} keepDataOnError>
        {([nodeList, queueList]) => (
          <>
            <NodeHealth nodes={nodeList} />
            <SafQueueHealth queues={queueList} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

const NODE_COLUMNS: DataTableColumn<Node>[] = [
  {
    id: 'node',
    header: 'Node',
    cell: (node) => (
      <>
        <Text size="sm">{node.nodeDescription}</Text>
        <Text size="xs" c="dimmed">
          {node.instanceDescription}
        </Text>
      </>
    ),
  },
  { id: 'status', header: 'Status', cell: (node) => <StatusDot status={node.status} /> },
  { id: 'tps', header: 'TPS', align: 'right', cell: (node) => formatTps(node.metrics['5minTps']) },
  {
    id: 'responseTime',
    header: 'RSP Time',
    align: 'right',
    cell: (node) => formatResponseTime(node.metrics.percentile95),
  },
  {
    id: 'actions',
    header: 'Actions',
    headerHidden: true,
    cell: (node) => {
      const state: NodeViewState = { instanceId: node.instanceId, nodeId: node.nodeId };
      return (
        // The address names the node too: a Ctrl-click's new tab has no navigation state.
        <Anchor
          component={Link}
          to={`${NODE_VIEW_PATH}${nodeViewSearch(state)}`}
          state={state}
          size="sm"
          aria-label={`view node ${node.nodeDescription}`}
        >
          view node
        </Anchor>
      );
    },
  },
];

const SAF_QUEUE_COLUMNS: DataTableColumn<SafQueue>[] = [
  {
    id: 'receiver',
    header: 'Receiver',
    cell: (queue) => (
      <>
        <Text size="sm">{queue.receiverDescription}</Text>
        <Text size="xs" c="dimmed">
          {queue.instanceDescription} · {queue.node.nodeDescription}
        </Text>
      </>
    ),
  },
  { id: 'status', header: 'Status', cell: (queue) => <StatusDot status={queue.node.status} /> },
  { id: 'length', header: 'Length', align: 'right', cell: (queue) => formatCount(queue.queueLength) },
  { id: 'transmits', header: 'Transmits', align: 'right', cell: (queue) => formatCount(queue.retransmits) },
];

function NodeHealth({ nodes }: { nodes: Node[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="node-health-title">
      <Title order={2} size="h3" id="node-health-title" mb="sm">
        Node Health
      </Title>
      {nodes.length === 0 ? (
        <EmptyState text={NO_NODES} />
      ) : (
        <DataTable
          columns={NODE_COLUMNS}
          rows={nodes}
          rowId={(node) => `${node.instanceId}/${node.nodeId}`}
          labelledBy="node-health-title"
          minWidth={560}
          striped
        />
      )}
    </Paper>
  );
}

function SafQueueHealth({ queues }: { queues: SafQueue[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="saf-queue-health-title">
      <Title order={2} size="h3" id="saf-queue-health-title" mb="sm">
        SAF Queue Health
      </Title>
      {queues.length === 0 ? (
        <EmptyState text={NO_SAF_QUEUES} />
      ) : (
        <DataTable
          columns={SAF_QUEUE_COLUMNS}
          rows={queues}
          // A receiver has a queue per node.
          rowId={(queue) => `${queue.node.nodeId}/${queue.receiverDescription}`}
          labelledBy="saf-queue-health-title"
          minWidth={480}
          striped
        />
      )}
    </Paper>
  );
}
