import { Button, Group, Switch, Table, VisuallyHidden } from '@mantine/core';
import type { Receiver } from '@web-control/contract/load-balancer';
import { formatSuccessRate, formatThroughput } from '../../../shared/format/metrics';
import { StatusDot, statusOf } from '../components/status-dot';

/** Without EDIT_LOAD_BALANCER the switch stays visible but cannot be used (specification section 6). */
export const NOT_ALLOWED_STYLES = {
  root: { cursor: 'not-allowed' },
  track: { cursor: 'not-allowed' },
  label: { cursor: 'not-allowed' },
} as const;

interface ReceiversTableProps {
  receivers: Receiver[];
  canEdit: boolean;
  onToggle: (receiver: Receiver, active: boolean) => void;
  onEditWeight: (receiver: Receiver) => void;
}

export function ReceiversTable({ receivers, canEdit, onToggle, onEditWeight }: ReceiversTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover aria-label="Receivers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Receiver</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Active</Table.Th>
            <Table.Th scope="col" ta="right">
              Throughput
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Success rate
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Weight
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {receivers.map((receiver) => {
            const status = statusOf(receiver.latestChange);
            return (
              <Table.Tr key={receiver.id}>
                <Table.Th scope="row" fw={500}>
                  <Group gap="xs" wrap="nowrap">
                    <StatusDot status={status} />
                    {receiver.name}
                  </Group>
                </Table.Th>
                <Table.Td>{status}</Table.Td>
                <Table.Td>
                  <Switch
                    checked={receiver.isActive}
                    label={receiver.isActive ? 'Active' : 'Inactive'}
                    disabled={!canEdit}
                    styles={canEdit ? undefined : NOT_ALLOWED_STYLES}
                    onChange={(event) => onToggle(receiver, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td ta="right">{formatThroughput(receiver.throughput)}</Table.Td>
                <Table.Td ta="right">{formatSuccessRate(receiver.successRate)}</Table.Td>
                <Table.Td ta="right">{receiver.weight}</Table.Td>
                <Table.Td ta="right">
                  {canEdit ? (
                    <Button
                      variant="light"
                      size="xs"
                      aria-label={`Edit weight of ${receiver.name}`}
                      onClick={() => onEditWeight(receiver)}
                    >
                      Edit
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
