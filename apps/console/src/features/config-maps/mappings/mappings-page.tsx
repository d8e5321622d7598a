import { submitVersionBodySchema } from '@web-control/contract/config-maps';
import { commentModal } from '../../../shared/modals/comment-modal-definition';
import { Button, FileButton, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ConfigMap } from '@web-control/contract/config-maps';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { openModal } from '../../../shared/modals/modal-store';
import { usePreloadModalsWhenIdle } from '../../../shared/modals/preload';
import { confirmModal } from '../../../shared/modals/standard-modals';
import { useCan } from '../../../shared/session/permissions';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryState } from '../../../shared/ui/query-state';
import { RefreshButton } from '../../../shared/ui/refresh-button';
import { FilterGroup } from '../../../shared/ui/filter-group';
import { useDownloadMappings } from '../api/download-mappings';
import { useMap } from '../api/get-map';
import { configMapKeys } from '../api/keys';
import { useSubmitVersion } from '../api/submit-version';
import { useUploadMappings } from '../api/upload-mappings';
import { MapCard } from '../components/map-card';
import { editMappingModal } from '../components/modal-definitions';
import {
  COMMENT_REQUIRED,
  CONFIG_MESSAGES,
  MAPPING_FILTER_DEBOUNCE_MS,
  MAPPING_VIEWS,
  MAPPINGS_TEXTS,
  type MappingView,
} from '../constants';
import { confirmLeavingForm, useLeaveGuard } from '../../../shared/forms/use-leave-guard';
import { AddMappingForm } from './add-mapping-form';
import { DownloadButton } from './download-button';
import { MappingsTable } from './mappings-table';
import { NO_FILTERS, prefixErrorsOf, selectionOf, type MappingFilters, type MappingMode } from './selection';
import { MAPPING_PAGE_PARAMS } from './use-mapping-pages';
import { CopyLinkButton } from '../../../shared/url/copy-link-button';
import { useUrlFilters } from '../../../shared/url/use-list-url-state';
import { oneOfParam, textParam, type UrlParams } from '../../../shared/url/url-params';

const MAPPINGS_MODALS = [editMappingModal, commentModal];

const MODE_OPTIONS = [
  { value: 'view', label: MAPPINGS_TEXTS.viewing },
  { value: 'edit', label: MAPPINGS_TEXTS.editing },
];
const MODE_DESCRIPTIONS: Record<MappingMode, string> = {
  view: MAPPINGS_TEXTS.viewingDescription,
  edit: MAPPINGS_TEXTS.editingDescription,
};
const VIEW_OPTIONS = (Object.keys(MAPPING_VIEWS) as MappingView[]).map((value) => ({
  value,
  label: MAPPING_VIEWS[value],
}));

const MAPPING_URL_PARAMS: UrlParams<MappingFilters> = {
  mode: oneOfParam<MappingMode>(['view', 'edit']),
  view: oneOfParam(Object.keys(MAPPING_VIEWS) as MappingView[]),
  keyPrefix: textParam(),
  valuePrefix: textParam(),
};

function MappingsScreen({ map }: { map: ConfigMap }) {
  const canEdit = useCan()('EDIT_MAPPINGS');
  usePreloadModalsWhenIdle(MAPPINGS_MODALS, canEdit);
  // The view is in the URL (a link shows it again). Typing a prefix asks once the typing pauses;
  // the mode and the view select change at once. Editing in a link counts only for who may edit.
  const { filters, settled, change } = useUrlFilters({
    params: MAPPING_URL_PARAMS,
    defaults: () => NO_FILTERS,
    debounceMs: MAPPING_FILTER_DEBOUNCE_MS,
    pageParams: MAPPING_PAGE_PARAMS,
  });
  const mode: MappingMode = canEdit ? filters.mode : 'view';
  const { view, keyPrefix, valuePrefix } = filters;
  const prefixErrors = prefixErrorsOf(filters);
  // A prefix the platform would refuse is said at its field; nothing is asked until it is corrected.
  // A card number typed never reaches the address, so what is typed counts as well as what settled.
  const prefixRefused =
    Object.keys(prefixErrors).length > 0 || Object.keys(prefixErrorsOf(settled)).length > 0;
  const [expanded, setExpanded] = useState(false);
  // Kept while the URL's filters are the same: the pages started from it belong to it.
  const settledMode: MappingMode = canEdit ? settled.mode : 'view';
  const selection = useMemo(
    () =>
      selectionOf({
        mode: settledMode,
        view: settled.view,
        keyPrefix: settled.keyPrefix,
        valuePrefix: settled.valuePrefix,
      }),
    [settledMode, settled.view, settled.keyPrefix, settled.valuePrefix],
  );
  const download = useDownloadMappings();
  const upload = useUploadMappings();
  const submitVersion = useSubmitVersion();
  const editing = mode === 'edit';
  // The add row's typed key and value go with the edit mode: Back, a link or the Mode select ask first.
  const [addRowTyped, setAddRowTyped] = useState(false);
  const leaving = useLeaveGuard(editing && addRowTyped, {
    leaves: (next) => new URLSearchParams(next.search).get('mode') !== 'edit',
  });

  async function chooseMode(next: MappingMode) {
    if (next !== 'edit' && editing && addRowTyped) {
      if (!(await confirmLeavingForm())) return;
      leaving.allow();
    }
    change({ mode: next }, { now: true });
  }

  async function uploadFile(file: File | null) {
    if (!file) return;
    const confirmed = await openModal(confirmModal, {
      text: MAPPINGS_TEXTS.uploadConfirm(file.name, map.name),
      confirmLabel: MAPPINGS_TEXTS.upload,
    });
    if (confirmed) upload.mutate({ mapId: map.id, file });
  }

  async function submit() {
    await openModal(commentModal, {
      title: MAPPINGS_TEXTS.submitTitle,
      text: MAPPINGS_TEXTS.submitText,
      confirmLabel: MAPPINGS_TEXTS.submit,
      label: COMMENT_REQUIRED,
      schema: submitVersionBodySchema.shape.comment,
      apply: (comment) => submitVersion.mutateAsync({ mapId: map.id, comment }),
    });
  }

  function clear() {
    change({ keyPrefix: '', valuePrefix: '', view: NO_FILTERS.view }, { now: true });
  }

  return (
    <Stack>
      <Group justify="flex-end" align="flex-end" gap="xs">
        {/* Editing is offered only to who may edit (section 6); the others view the applied mappings. */}
        {canEdit ? (
          <NativeSelect
            label={MAPPINGS_TEXTS.mode}
            description={MODE_DESCRIPTIONS[mode]}
            data={MODE_OPTIONS}
            value={mode}
            onChange={(event) => void chooseMode(event.currentTarget.value === 'edit' ? 'edit' : 'view')}
          />
        ) : null}
        <CopyLinkButton />
        <DownloadButton
          downloading={download.isPending}
          disabled={prefixRefused}
          onDownload={(format) => download.mutate({ mapId: map.id, selection, format })}
        />
        {editing && canEdit ? (
          <>
            <FileButton
              onChange={(file) => void uploadFile(file)}
              accept=".csv,.json,text/csv,application/json"
            >
              {(props) => (
                <Button variant="default" loading={upload.isPending} {...props}>
                  {MAPPINGS_TEXTS.upload}
                </Button>
              )}
            </FileButton>
            <Button onClick={() => void submit()} disabled={!map.unsubmittedChanges}>
              {MAPPINGS_TEXTS.submit}
            </Button>
          </>
        ) : null}
      </Group>
      <MapCard map={map} linkName={false} expanded={expanded} onToggle={() => setExpanded(!expanded)} />
      <FilterGroup gap="xs">
        <TextInput
          label={MAPPINGS_TEXTS.keyPrefix}
          value={keyPrefix}
          autoComplete="off"
          error={prefixErrors.keyPrefix}
          onChange={(event) => change({ keyPrefix: event.currentTarget.value })}
        />
        <TextInput
          label={MAPPINGS_TEXTS.valuePrefix}
          value={valuePrefix}
          autoComplete="off"
          error={prefixErrors.valuePrefix}
          onChange={(event) => change({ valuePrefix: event.currentTarget.value })}
        />
        {/* The View select and Clear belong to the edit mode (section 2). */}
        {editing ? (
          <>
            <NativeSelect
              label={MAPPINGS_TEXTS.view}
              data={VIEW_OPTIONS}
              value={view}
              onChange={(event) => change({ view: event.currentTarget.value as MappingView }, { now: true })}
            />
            <Button variant="default" onClick={clear}>
              {MAPPINGS_TEXTS.clear}
            </Button>
          </>
        ) : null}
      </FilterGroup>
      {editing && canEdit ? <AddMappingForm mapId={map.id} onTypedChange={setAddRowTyped} /> : null}
      {prefixRefused ? (
        <Text role="status">{MAPPINGS_TEXTS.correctPrefix}</Text>
      ) : (
        <MappingsTable mapId={map.id} selection={selection} editable={editing && canEdit} />
      )}
    </Stack>
  );
}

export function MappingsPage() {
  const mapId = useParams().mapId ?? '';
  const map = useMap(mapId);
  const queryClient = useQueryClient();
  return (
    <Stack>
      <PageTitle title={MAPPINGS_TEXTS.title} />
      <Group justify="space-between">
        <Title order={1}>{MAPPINGS_TEXTS.title}</Title>
        {/* The map and the page of mappings on screen, in the background. */}
        <RefreshButton
          fetching={map.isFetching}
          onRefresh={() => void queryClient.invalidateQueries({ queryKey: configMapKeys.map(mapId) })}
        />
      </Group>
      <QueryState
        query={map}
        loadingLabel="Loading the map"
        errorText={CONFIG_MESSAGES.retrieveFailed}
        notFoundText={MAPPINGS_TEXTS.mapMissing(mapId)}
        keepDataOnError
      >
        {(loaded) => <MappingsScreen map={loaded} />}
      </QueryState>
    </Stack>
  );
}
