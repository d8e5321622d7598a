import { Button, Group, Paper, Stack } from '@mantine/core';
import type { Service } from '@web-control/contract/load-balancer';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../shared/ui/data-table';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryState } from '../../../shared/ui/query-state';
import { StatusDot } from '../../../shared/ui/status-dot';
import { useServices } from '../api/get-services';
import { LOAD_BALANCER_MESSAGES } from '../messages';
import { servicePath } from '../paths';
import { SERVICES_TITLE } from '../titles';
import { statusOf } from '../status';
import { LiveTitle } from '../../../shared/live/live-title';
import { CopyLinkButton } from '../../../shared/url/copy-link-button';
import { useUrlSorting } from '../../../shared/url/use-url-sorting';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button';

const SORTABLE_SERVICE_COLUMNS = ['service', 'status'];

const SERVICE_COLUMNS: DataTableColumn<Service>[] = [
  {
    id: 'service',
    header: 'Service',
    rowHeader: true,
    sortValue: (service) => service.name,
    cell: (service) => (
      <Group gap="xs" wrap="nowrap">
        <StatusDot status={statusOf(service.latestChange)} decorative />
        {service.name}
      </Group>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    sortValue: (service) => statusOf(service.latestChange),
    cell: (service) => statusOf(service.latestChange),
  },
  {
    id: 'actions',
    header: 'Actions',
    headerHidden: true,
    align: 'right',
    cell: (service) => (
      <Button
        component={Link}
        to={servicePath(service.id)}
        variant="light"
        size="xs"
        aria-label={`View ${service.name}`}
      >
        View
      </Button>
    ),
  },
];

export function ServicesPage() {
  const services = useServices();
  const sorting = useUrlSorting(SORTABLE_SERVICE_COLUMNS);
  return (
    <Stack>
      <PageTitle title={SERVICES_TITLE} />
      <LiveTitle>{SERVICES_TITLE}</LiveTitle>
      <Group justify="flex-end">
        <CopyLinkButton />
        <ExportCsvButton list="lb-services" filter={{}} />
      </Group>
      <Paper withBorder p="md">
        <QueryState
          query={services}
          loadingLabel="Loading services"
          errorText={LOAD_BALANCER_MESSAGES.servicesFailed}
          emptyText={LOAD_BALANCER_MESSAGES.servicesEmpty}
          keepDataOnError
        >
          {(data) => (
            <DataTable
              columns={SERVICE_COLUMNS}
              rows={data}
              rowId={(service) => service.id}
              sorting={sorting}
              minWidth={480}
              highlightOnHover
            />
          )}
        </QueryState>
      </Paper>
    </Stack>
  );
}
