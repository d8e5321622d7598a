import {
  Alert,
  Anchor,
  Center,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { Node, SafQueue } from '@web-control/contract/monitoring';
import { Link } from 'react-router';
import { formatCount, formatResponseTime, formatTps } from '../../../shared/format/metrics';
import { PageTitle } from '../../../shared/ui/page-title';
import { useNodes } from '../api/nodes';
import { useSafQueues } from '../api/saf-queues';
import { NodeStatusDot } from '../components/node-status-dot';
import { METRICS_UNAVAILABLE, NO_NODES, NO_SAF_QUEUES } from '../constants';
import { NODE_VIEW_PATH } from '../paths';
import type { NodeViewState } from '../node-view/node-view-state';

const TITLE = 'Health Overview';

/** Nodes and SAF queues load together and refresh every 30 s without a loader. */
export function HealthOverviewPage() {
  const nodes = useNodes();
  const queues = useSafQueues();

  let content;
  if (nodes.isError || queues.isError) {
    content = (
      <Alert color="red" role="alert">
        {METRICS_UNAVAILABLE}
      </Alert>
    );
  } else if (nodes.isPending || queues.isPending) {
    content = (
      <Center p="md">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  } else {
    content = (
      <>
        <NodeHealth nodes={nodes.data} />
        <SafQueueHealth queues={queues.data} />
      </>
    );
  }

  return (
    <Stack>
      <PageTitle title={TITLE} />
      <Title order={1}>{TITLE}</Title>
      {content}
    </Stack>
  );
}

function NodeHealth({ nodes }: { nodes: Node[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="node-health-title">
      <Title order={2} size="h3" id="node-health-title" mb="sm">
        Node Health
      </Title>
      {nodes.length === 0 ? (
        <Text c="dimmed">{NO_NODES}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-labelledby="node-health-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Node</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">TPS</Table.Th>
                <Table.Th ta="right">RSP Time</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {nodes.map((node) => {
                const state: NodeViewState = { instanceId: node.instanceId, nodeId: node.nodeId };
                return (
                  <Table.Tr key={`${node.instanceId}/${node.nodeId}`}>
                    <Table.Td>
                      <Text size="sm">{node.nodeDescription}</Text>
                      <Text size="xs" c="dimmed">
                        {node.instanceDescription}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <NodeStatusDot status={node.status} />
                    </Table.Td>
                    <Table.Td ta="right">{formatTps(node.metrics['5minTps'])}</Table.Td>
                    <Table.Td ta="right">{formatResponseTime(node.metrics.percentile95)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={NODE_VIEW_PATH} state={state} size="sm">
                        view node
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
        <Text c="dimmed">{NO_SAF_QUEUES}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-labelledby="saf-queue-health-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Receiver</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Length</Table.Th>
                <Table.Th ta="right">Transmits</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queues.map((queue, index) => (
                // A receiver has a queue per node, and a queue carries no id of its own.
                <Table.Tr key={`${index}/${queue.instanceDescription}/${queue.receiverDescription}`}>
                  <Table.Td>
                    <Text size="sm">{queue.receiverDescription}</Text>
                    <Text size="xs" c="dimmed">
                      {queue.instanceDescription}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <NodeStatusDot status={queue.node.status} />
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(queue.queueLength)}</Table.Td>
                  <Table.Td ta="right">{formatCount(queue.retransmits)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
