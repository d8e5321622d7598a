import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Receiver, Service } from '@web-control/contract/load-balancer';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../../shared/http/error-message';
import { openModal } from '../../../shared/modals/modal-store';
import { usePreloadModalsWhenIdle } from '../../../shared/modals/preload';
import { useCan } from '../../../shared/session/permissions';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryState } from '../../../shared/ui/query-state';
import { StatusDot } from '../../../shared/ui/status-dot';
import { useReceivers } from '../api/get-receivers';
import { useService } from '../api/get-service';
import { useSetReceiverActive } from '../api/set-receiver-active';
import { useSetReceiverWeight } from '../api/set-receiver-weight';
import {
  RECEIVER_MODALS,
  receiverActiveModal,
  receiverWeightModal,
} from '../components/receiver-modal-definitions';
import { LOAD_BALANCER_MESSAGES } from '../messages';
import { SERVICES_PATH } from '../paths';
import { statusOf } from '../status';
import { ReceiversTable } from './receivers-table';
import { LiveControl } from '../../../shared/live/live-control';
import { CopyLinkButton } from '../../../shared/url/copy-link-button';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button';

export const SERVICE_TITLE_PREFIX = 'Load Balancer - ';
const SERVICE_FALLBACK_NAME = 'Service';

/** The service's heading; without its name (the call failed) it still says where it is and stays live. */
function HeadingRow({ service }: { service: Service | undefined }) {
  return (
    <Group justify="space-between" align="center">
      <Group gap="sm" align="center">
        {service ? <StatusDot status={statusOf(service.latestChange)} decorative /> : null}
        <Title order={1}>{service?.name ?? SERVICE_FALLBACK_NAME}</Title>
        {service ? <Text c="dimmed">{statusOf(service.latestChange)}</Text> : null}
      </Group>
      <LiveControl />
    </Group>
  );
}

function ServiceHeading({ serviceId }: { serviceId: string }) {
  const service = useService(serviceId);
  const name = service.data?.name;
  return (
    <>
      <PageTitle title={`${SERVICE_TITLE_PREFIX}${name ?? SERVICE_FALLBACK_NAME}`} />
      {service.isError && service.data === undefined ? <HeadingRow service={undefined} /> : null}
      <QueryState
        query={service}
        loadingLabel="Loading service"
        errorText={LOAD_BALANCER_MESSAGES.serviceFailed}
        keepDataOnError
      >
        {(data) => <HeadingRow service={data} />}
      </QueryState>
    </>
  );
}

function Receivers({ serviceId }: { serviceId: string }) {
  const receivers = useReceivers(serviceId);
  const canEdit = useCan()('EDIT_LOAD_BALANCER');
  const setActive = useSetReceiverActive();
  const setWeight = useSetReceiverWeight();
  const current = receivers.data ?? [];
  usePreloadModalsWhenIdle(RECEIVER_MODALS, canEdit);

  const toggle = (receiver: Receiver, active: boolean) => {
    void openModal(receiverActiveModal, {
      receiver,
      receivers: current,
      active,
      apply: async () => {
        await setActive.mutateAsync({
          serviceId,
          receiverId: receiver.id,
          version: receiver.version,
          active,
        });
      },
    });
  };
  const editWeight = (receiver: Receiver) => {
    void openModal(receiverWeightModal, {
      receiver,
      receivers: current,
      apply: async (weight) => {
        await setWeight.mutateAsync({
          serviceId,
          receiverId: receiver.id,
          version: receiver.version,
          receiverName: receiver.name,
          weight,
        });
      },
    });
  };

  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={2}>Receivers</Title>
          <Group gap="xs">
            <CopyLinkButton />
            <ExportCsvButton list="lb-receivers" filter={{ serviceId }} />
          </Group>
        </Group>
        <QueryState
          query={receivers}
          loadingLabel="Loading receivers"
          errorText={LOAD_BALANCER_MESSAGES.receiversFailed}
          emptyText={LOAD_BALANCER_MESSAGES.receiversEmpty}
          keepDataOnError
        >
          {(data) => (
            <ReceiversTable receivers={data} canEdit={canEdit} onToggle={toggle} onEditWeight={editWeight} />
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}

export function ServiceDetailPage() {
  const { serviceId = '' } = useParams();
  const service = useService(serviceId);
  // A service that does not exist has no receivers to list, link or export: said once, above.
  const missing = service.data === undefined && isNotFound(service.error);
  return (
    // Keyed by the service: opening another one starts from an empty page, never the last one's.
    <Stack key={serviceId}>
      <Anchor component={Link} to={SERVICES_PATH} size="sm">
        ← All services
      </Anchor>
      <ServiceHeading serviceId={serviceId} />
      {missing ? null : <Receivers serviceId={serviceId} />}
    </Stack>
  );
}
