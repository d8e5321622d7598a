import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  clientStatusOf,
  clientSummaryOf,
  type ClientVersion,
  type ConfigMap,
} from '@web-control/contract/config-maps';
import { Link } from 'react-router';
import { formatDateTimeSeconds } from '../../../shared/format/dates';
import { DataTable, type DataTableColumn } from '../../../shared/ui/data-table';
import { StatePill } from '../../../shared/ui/state-pill';
import { MAPS_TEXTS } from '../constants';
import { clientStatusKind, clientStatusText, clientSummaryText } from '../maps/client-status';
import { versionSentenceOf } from '../maps/version-sentence';
import { mappingsPath } from '../paths';

const CLIENT_COLUMNS: DataTableColumn<ClientVersion>[] = [
  { id: 'clientId', header: 'Client', rowHeader: true, cell: (client) => client.clientId },
  {
    id: 'status',
    header: 'Status',
    cell: (client) => {
      const status = clientStatusOf(client);
      return <StatePill label={clientStatusText(status)} kind={clientStatusKind(status)} />;
    },
  },
  {
    id: 'clientLogTime',
    header: 'Log Time',
    cell: (client) => (client.clientLogTime === null ? '-' : formatDateTimeSeconds(client.clientLogTime)),
  },
  { id: 'clientLogMessage', header: 'Log Message', cell: (client) => client.clientLogMessage ?? '-' },
];

interface MapCardProps {
  map: ConfigMap;
  expanded: boolean;
  onToggle: () => void;
  /** On the map list the name opens the map's mappings; on the mappings page it is the heading. */
  linkName: boolean;
}

/** A map: its name, when it last changed, how its clients stand, and (expanded) each client. */
export function MapCard({ map, expanded, onToggle, linkName }: MapCardProps) {
  const summary = clientSummaryOf(map.clientVersions);
  const sentence = versionSentenceOf(map);
  const clientsId = `map-${map.id}-clients`;
  const noClients = map.clientVersions.length === 0;
  return (
    <Paper withBorder p="md" component="article" aria-label={map.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            {linkName ? (
              <Anchor component={Link} to={mappingsPath(map.id)} fw={600}>
                {map.name}
              </Anchor>
            ) : (
              <Title order={2} size="h4">
                {map.name}
              </Title>
            )}
            {sentence === null ? null : (
              <Text size="sm" c="dimmed">
                {sentence}
              </Text>
            )}
          </Stack>
          {/* On a phone a long client status puts the Clients button under it, not off the edge. */}
          <Group gap="xs">
            <StatePill label={clientSummaryText(summary)} kind={clientStatusKind(summary)} />
            <Button
              variant="default"
              size="xs"
              onClick={onToggle}
              disabled={noClients}
              aria-expanded={expanded && !noClients}
              aria-controls={clientsId}
            >
              {MAPS_TEXTS.clients}
            </Button>
          </Group>
        </Group>
        {expanded && !noClients ? (
          <div id={clientsId}>
            <DataTable
              columns={CLIENT_COLUMNS}
              rows={map.clientVersions}
              rowId={(client) => client.clientId}
              label={`${map.name} clients`}
              minWidth={560}
              striped
            />
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}
