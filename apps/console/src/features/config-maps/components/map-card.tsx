import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { clientSummaryOf, type ConfigMap } from '@web-control/contract/config-maps';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { lazyComponent } from '../../../shared/lazy-component';
import { LoadingState } from '../../../shared/ui/query-state';
import { StatePill } from '../../../shared/ui/state-pill';
import { MAPS_TEXTS } from '../constants';
import { clientStatusKind, clientSummaryText } from '../maps/client-status';
import { versionSentenceOf } from '../maps/version-sentence';
import { mappingsPath } from '../paths';

/** The clients' table, with the table code it draws with, loads when first wanted (decision 0059). */
export const MapClients = lazyComponent(async () => (await import('./map-clients')).MapClients);

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
              // One per map: its name says whose clients it opens.
              aria-label={MAPS_TEXTS.clientsOf(map.id)}
            >
              {MAPS_TEXTS.clients}
            </Button>
          </Group>
        </Group>
        {expanded && !noClients ? (
          <div id={clientsId}>
            <Suspense fallback={<LoadingState label="Loading clients" />}>
              <MapClients map={map} />
            </Suspense>
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}
