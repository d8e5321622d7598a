import { Button, Group, Paper, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import type { Service } from '@web-control/contract/load-balancer';
import { Link } from 'react-router';
import { PageTitle } from '../../../shared/ui/page-title';
import { useServices } from '../api/get-services';
import { EmptyState, LoadFailed, LoadingState } from '../components/load-state';
import { StatusDot, statusOf } from '../components/status-dot';
import { LOAD_BALANCER_MESSAGES } from '../messages';
import { servicePath } from '../paths';

export const SERVICES_TITLE = 'Load Balancer - Services';

function ServicesTable({ services }: { services: Service[] }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Service</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {services.map((service) => {
            const status = statusOf(service.latestChange);
            return (
              <Table.Tr key={service.id}>
                <Table.Th scope="row" fw={500}>
                  <Group gap="xs" wrap="nowrap">
                    <StatusDot status={status} />
                    {service.name}
                  </Group>
                </Table.Th>
                <Table.Td>{status}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    component={Link}
                    to={servicePath(service.id)}
                    variant="light"
                    size="xs"
                    aria-label={`View ${service.name}`}
                  >
                    View
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ServicesPage() {
  const services = useServices();
  return (
    <Stack>
      <PageTitle title={SERVICES_TITLE} />
      <Title order={1}>{SERVICES_TITLE}</Title>
      <Paper withBorder p="md">
        {services.isPending ? <LoadingState label="Loading services" /> : null}
        {services.isError ? <LoadFailed text={LOAD_BALANCER_MESSAGES.servicesFailed} /> : null}
        {services.data?.length === 0 ? <EmptyState text={LOAD_BALANCER_MESSAGES.servicesEmpty} /> : null}
        {services.data?.length ? <ServicesTable services={services.data} /> : null}
      </Paper>
    </Stack>
  );
}
