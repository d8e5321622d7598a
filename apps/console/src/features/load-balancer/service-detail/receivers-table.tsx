import { Button, Group, Switch } from '@mantine/core';
import type { Receiver } from '@web-control/contract/load-balancer';
import { formatSuccessRate, formatThroughput } from '../../../shared/format/metrics';
import { preloadModalsOnIntent } from '../../../shared/modals/preload';
import { DataTable, type DataTableColumn } from '../../../shared/ui/data-table';
import { StatusDot } from '../../../shared/ui/status-dot';
import { RECEIVER_MODALS } from '../components/receiver-modal-definitions';
import { statusOf } from '../status';
import { useUrlSorting } from '../../../shared/url/use-url-sorting';

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

const NAME_STYLE = { overflowWrap: 'anywhere', minWidth: 0 } as const;

const SORTABLE_RECEIVER_COLUMNS = ['receiver', 'status', 'throughput', 'successRate', 'weight'];

export function ReceiversTable({ receivers, canEdit, onToggle, onEditWeight }: ReceiversTableProps) {
  const sorting = useUrlSorting(SORTABLE_RECEIVER_COLUMNS);
  const columns: DataTableColumn<Receiver>[] = [
    {
      id: 'receiver',
      header: 'Receiver',
      rowHeader: true,
      sortValue: (receiver) => receiver.name,
      cell: (receiver) => (
        <Group gap="xs" wrap="nowrap">
          <StatusDot status={statusOf(receiver.latestChange)} decorative />
          {/* A name without spaces breaks rather than push the figures out of view. */}
          <span style={NAME_STYLE}>{receiver.name}</span>
        </Group>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sortValue: (receiver) => statusOf(receiver.latestChange),
      cell: (receiver) => statusOf(receiver.latestChange),
    },
    {
      id: 'active',
      header: 'Active',
      cell: (receiver) => (
        <Switch
          checked={receiver.isActive}
          label={receiver.isActive ? 'Active' : 'Inactive'}
          // A column of switches all named "Active" said nothing of whose they were.
          aria-label={`${receiver.isActive ? 'Active' : 'Inactive'}: ${receiver.name}`}
          disabled={!canEdit}
          styles={canEdit ? undefined : NOT_ALLOWED_STYLES}
          wrapperProps={canEdit ? preloadModalsOnIntent(RECEIVER_MODALS) : undefined}
          onChange={(event) => onToggle(receiver, event.currentTarget.checked)}
        />
      ),
    },
    {
      id: 'throughput',
      header: 'Throughput',
      align: 'right',
      sortValue: (receiver) => receiver.throughput,
      cell: (receiver) => formatThroughput(receiver.throughput),
    },
    {
      id: 'successRate',
      header: 'Success rate',
      align: 'right',
      sortValue: (receiver) => receiver.successRate,
      cell: (receiver) => formatSuccessRate(receiver.successRate),
    },
    {
      id: 'weight',
      header: 'Weight',
      align: 'right',
      sortValue: (receiver) => receiver.weight,
      cell: (receiver) => receiver.weight,
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      align: 'right',
      cell: (receiver) =>
        canEdit ? (
          <Button
            variant="light"
            size="xs"
            aria-label={`Edit weight of ${receiver.name}`}
            {...preloadModalsOnIntent(RECEIVER_MODALS)}
            onClick={() => onEditWeight(receiver)}
          >
            Edit
          </Button>
        ) : null,
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={receivers}
      rowId={(receiver) => receiver.id}
      sorting={sorting}
      label="Receivers"
      minWidth={760}
      highlightOnHover
    />
  );
}
