import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { Service } from '@web-control/contract/load-balancer';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../shared/ui/data-table';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryState } from '../../../shared/ui/query-state';
import { StatusDot } from '../../../shared/ui/status-dot';
import { useServices } from '../api/get-services';
import { LOAD_BALANCER_MESSAGES } from '../messages';
import { servicePath } from '../paths';

import { statusOf } from '../status';

export const SERVICES_TITLE = 'Load Balancer - Services';

const SERVICE_COLUMNS: DataTableColumn<Service>[] = [
  {
    id: 'service',
    header: 'Service',
    rowHeader: true,
    cell: (service) => (
      <Group gap="xs" wrap="nowrap">
        <StatusDot status={statusOf(service.latestChange)} decorative />
        {service.name}
      </Group>
    ),
  },
  { id: 'status', header: 'Status', cell: (service) => statusOf(service.latestChange) },
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
  return (
    <Stack>
      <PageTitle title={SERVICES_TITLE} />
      <Title order={1}>{SERVICES_TITLE}</Title>
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
              minWidth={480}
              highlightOnHover
            />
          )}
        </QueryState>
      </Paper>
    </Stack>
  );
}
