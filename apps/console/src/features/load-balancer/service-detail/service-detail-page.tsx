import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Receiver } from '@web-control/contract/load-balancer';
import { Link, useParams } from 'react-router';
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

function ServiceHeading({ serviceId }: { serviceId: string }) {
  const service = useService(serviceId);
  const name = service.data?.name;
  return (
    <>
      <PageTitle title={`${SERVICE_TITLE_PREFIX}${name ?? 'Service'}`} />
      <QueryState
        query={service}
        loadingLabel="Loading service"
        errorText={LOAD_BALANCER_MESSAGES.serviceFailed}
        keepDataOnError
      >
        {(data) => (
          <Group justify="space-between" align="center">
            <Group gap="sm" align="center">
              <StatusDot status={statusOf(data.latestChange)} decorative />
              <Title order={1}>{data.name}</Title>
              <Text c="dimmed">{statusOf(data.latestChange)}</Text>
            </Group>
            <LiveControl />
          </Group>
        )}
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
  return (
    // Keyed by the service: opening another one starts from an empty page, never the last one's.
    <Stack key={serviceId}>
      <Anchor component={Link} to={SERVICES_PATH} size="sm">
        ← All services
      </Anchor>
      <ServiceHeading serviceId={serviceId} />
      <Receivers serviceId={serviceId} />
    </Stack>
  );
}
