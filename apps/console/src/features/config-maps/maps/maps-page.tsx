import { Button, Group, Stack, Title } from '@mantine/core';
import type { MapsResponse } from '@web-control/contract/config-maps';
import { useEffect, useRef, useState } from 'react';
import { openModal } from '../../../shared/modals/modal-store';
import { preloadModalsOnIntent, usePreloadModalsWhenIdle } from '../../../shared/modals/preload';
import { confirmModal } from '../../../shared/modals/standard-modals';
import { useCan } from '../../../shared/session/permissions';
import { PageTitle } from '../../../shared/ui/page-title';
import { useFailureToast } from '../../../shared/ui/failure-toast';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/query-state';
import { refusalText } from '../../../shared/http/error-message';
import { RefreshButton } from '../../../shared/ui/refresh-button';
import { useCreateMap } from '../api/create-map';
import { useMaps } from '../api/get-maps';
import { usePushMaps } from '../api/push-maps';
import { MapCard, MapClients } from '../components/map-card';
import { createMapModal } from '../components/modal-definitions';
import { CATCH_UP_REFRESH_MS, CONFIG_MESSAGES, EMPTY_MAPS_REFRESH_MS, MAPS_TEXTS } from '../constants';
import { LiveControl } from '../../../shared/live/live-control';
import { usePreloadWhenIdle } from '../../../shared/lazy-component';
import { loadMappingsPage } from '../screens';

const MAPS_MODALS = [createMapModal];

/** What a click on the list opens next, loaded once the maps are drawn: a map's mappings, its clients. */
function preloadNextViews(): void {
  void loadMappingsPage();
  void MapClients.preload();
}

/** While a client is catching up with a push, the list follows it without a loader. */
function catchUpInterval(data: MapsResponse | undefined): number | false {
  const catchingUp = data?.maps.some((map) =>
    map.clientVersions.some((client) => client.versionMismatch && !client.acknowledgedVersionRejected),
  );
  return catchingUp ? CATCH_UP_REFRESH_MS : false;
}

export function MapsPage() {
  const can = useCan();
  const maps = useMaps(false, catchUpInterval);
  const createMap = useCreateMap();
  const push = usePushMaps();
  // One card open at a time (specification 3, section 2).
  const [expanded, setExpanded] = useState<string | null>(null);

  // Opened with no maps loaded: one more look after 500 ms (section 9).
  const emptyRefresh = useRef(false);
  const { data, refetch } = maps;
  useEffect(() => {
    if (emptyRefresh.current || data === undefined || data.maps.length > 0) return;
    emptyRefresh.current = true;
    const timer = window.setTimeout(() => void refetch(), EMPTY_MAPS_REFRESH_MS);
    return () => window.clearTimeout(timer);
  }, [data, refetch]);

  // Once the maps are drawn: a preload before that would take the link from them.
  const drawn = data !== undefined;
  usePreloadModalsWhenIdle(MAPS_MODALS, drawn);
  usePreloadWhenIdle(preloadNextViews, drawn);
  // The catalogue's toast (specification 3, section 8); maps loaded before stay on screen.
  useFailureToast(maps, CONFIG_MESSAGES.retrieveFailed);

  async function create() {
    await openModal(createMapModal, { apply: (map) => createMap.mutateAsync(map) });
  }

  async function pushChanges() {
    const confirmed = await openModal(confirmModal, {
      text: MAPS_TEXTS.pushConfirm,
      confirmLabel: MAPS_TEXTS.pushChanges,
    });
    if (confirmed) push.mutate();
  }

  return (
    <Stack>
      <PageTitle title={MAPS_TEXTS.title} />
      <Group justify="space-between">
        <Title order={1}>{MAPS_TEXTS.title}</Title>
        <Group gap="xs">
          <LiveControl />
          {can('EDIT_MAPPINGS') ? (
            <Button onClick={() => void create()} {...preloadModalsOnIntent(MAPS_MODALS)}>
              {MAPS_TEXTS.createMap}
            </Button>
          ) : null}
          {can('PUSH_MAPS') ? (
            <Button onClick={() => void pushChanges()} loading={push.isPending}>
              {MAPS_TEXTS.pushChanges}
            </Button>
          ) : null}
          <RefreshButton fetching={maps.isFetching} onRefresh={() => void maps.refetch()} />
        </Group>
      </Group>
      {maps.isPending ? <LoadingState label="Loading maps" /> : null}
      {/* With no maps loaded yet, the failure stays in their place once the toast has gone. */}
      {data === undefined && maps.isError ? (
        <ErrorState text={refusalText(maps.error, CONFIG_MESSAGES.retrieveFailed)} />
      ) : null}
      {data?.maps.length === 0 ? <EmptyState text={MAPS_TEXTS.empty} /> : null}
      {data === undefined ? null : (
        <Stack>
          {data.maps.map((map) => (
            <MapCard
              key={map.id}
              map={map}
              linkName
              expanded={expanded === map.id}
              onToggle={() => setExpanded((current) => (current === map.id ? null : map.id))}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
