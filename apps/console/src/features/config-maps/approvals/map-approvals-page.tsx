import { submitVersionBodySchema } from '@web-control/contract/config-maps';
import { commentModal } from '../../../shared/modals/comment-modal-definition';
import {
  Alert,
  Button,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  VERSION_APPLIED,
  VERSION_SUBMITTED,
  type ConfigMap,
  type Mapping,
} from '@web-control/contract/config-maps';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTimeSeconds } from '../../../shared/format/dates';
import { openModal } from '../../../shared/modals/modal-store';
import { preloadModals } from '../../../shared/modals/preload';
import { useReturnPath } from '../../../shared/reviews/return-path';
import { useAccount } from '../../../shared/session/session-state';
import { DataTable, type DataTableColumn } from '../../../shared/ui/data-table';
import { LiveControl } from '../../../shared/live/live-control';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryState } from '../../../shared/ui/query-state';
import { RefreshButton } from '../../../shared/ui/refresh-button';
import { useMaps } from '../api/get-maps';
import { useVersions } from '../api/get-versions';
import { useReviewVersion } from '../api/review-version';
import { fullValueModal } from '../components/modal-definitions';
import {
  APPROVALS_TEXTS,
  COMMENT_REQUIRED,
  CONFIG_MESSAGES,
  MAPPINGS_TEXTS,
  VERSION_ID_SHOWN_LENGTH,
} from '../constants';
import { mappingDisplayOf } from '../mappings/mapping-display';
import { PageButtons } from '../mappings/page-buttons';
import type { PageQuery } from '../mappings/page-url';
import { useMappingPages } from '../mappings/use-mapping-pages';
import mappingClasses from '../mappings/mappings-table.module.css';

const APPROVAL_MODALS = [fullValueModal, commentModal];

/** The review's changes: the newest submitted version against the applied one. */
const REVIEW_CHANGES: PageQuery = {
  version: VERSION_SUBMITTED,
  'version-from': VERSION_APPLIED,
  'updates-only': 'true',
};

const CHANGE_COLUMNS: DataTableColumn<Mapping>[] = [
  {
    id: 'key',
    header: MAPPINGS_TEXTS.key,
    rowHeader: true,
    cell: (mapping) => (
      <span className={`${mappingClasses.key} ${mappingClasses[mapping.state] ?? ''}`}>{mapping.key}</span>
    ),
  },
  {
    id: 'value',
    header: MAPPINGS_TEXTS.value,
    // The space the key leaves is the value's, as in the mappings table.
    fill: true,
    cell: (mapping) => {
      const display = mappingDisplayOf(mapping);
      return (
        <Stack gap={0}>
          <UnstyledButton
            className={`${mappingClasses.value} ${mappingClasses[mapping.state] ?? ''}`}
            onClick={() => void openModal(fullValueModal, { mapping })}
          >
            {display.stateLabel ? `${display.stateLabel}: ${display.value}` : display.value}
            <VisuallyHidden>{APPROVALS_TEXTS.showFullValue(mapping.key)}</VisuallyHidden>
          </UnstyledButton>
          {display.previousValue === null ? null : (
            <Text size="xs" c="dimmed" className={mappingClasses.previous}>
              {`${MAPPINGS_TEXTS.previousValue}: ${display.previousValue}`}
            </Text>
          )}
        </Stack>
      );
    },
  },
];

function SubmittedVersions({ mapId }: { mapId: string }) {
  const versions = useVersions(mapId, 'submitted');
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {APPROVALS_TEXTS.submittedVersions}
      </Title>
      <QueryState
        query={versions}
        loadingLabel="Loading submitted versions"
        errorText={CONFIG_MESSAGES.retrieveFailed}
      >
        {(data) => (
          <List spacing={4} size="sm" listStyleType="none">
            {data.versions.map((version) => (
              <List.Item key={version.versionId}>
                {`${version.userId} · ${formatDateTimeSeconds(version.timeSubmitted)} · ${version.comment} · ${version.versionId.slice(0, VERSION_ID_SHOWN_LENGTH)}`}
              </List.Item>
            ))}
          </List>
        )}
      </QueryState>
    </Stack>
  );
}

function ReviewDetails({ map }: { map: ConfigMap }) {
  const { username } = useAccount();
  const versions = useVersions(map.id, 'submitted');
  const pages = useMappingPages(map.id, REVIEW_CHANGES);
  const changes = pages.query;
  const review = useReviewVersion();
  const versionId = map.latestSubmittedVersion?.versionId;
  const emptyReview =
    changes.data !== undefined &&
    changes.data.mappings.length === 0 &&
    changes.data.paging.previousPage === null;
  // Nobody reviews a review holding changes they made (four-eyes): the platform refuses it too.
  const authors = versions.data?.versions.flatMap((version) => version.authors);
  const ownChanges = username !== null && authors?.includes(username) === true;
  // Opened from the reviews inbox, a decision returns there.
  const navigate = useNavigate();
  const returnPath = useReturnPath();

  // A rejection discards every change since the applied version, an editor's unsubmitted ones too.
  function decisionWarning(approved: boolean): string | undefined {
    if (approved) return emptyReview ? APPROVALS_TEXTS.emptyReview : undefined;
    return map.unsubmittedChanges ? APPROVALS_TEXTS.rejectDiscardsUnsubmitted : undefined;
  }

  async function decide(approved: boolean) {
    if (versionId === undefined) return;
    const label = approved ? APPROVALS_TEXTS.approve : APPROVALS_TEXTS.reject;
    const decided = await openModal(commentModal, {
      title: `${label} ${map.name}`,
      warning: decisionWarning(approved),
      confirmLabel: label,
      confirmColor: approved ? 'green.7' : 'red',
      label: COMMENT_REQUIRED,
      schema: submitVersionBodySchema.shape.comment,
      apply: (comment) => review.mutateAsync({ mapId: map.id, versionId, approved, comment }),
    });
    if (decided && returnPath !== undefined) void navigate(returnPath);
  }

  return (
    <Stack>
      <SubmittedVersions mapId={map.id} />
      <QueryState
        query={changes}
        loadingLabel="Loading the changes"
        errorText={CONFIG_MESSAGES.retrieveFailed}
        emptyText={APPROVALS_TEXTS.emptyReview}
        isEmpty={(data) => data.mappings.length === 0 && data.paging.previousPage === null}
      >
        {(data) => (
          <Stack gap="xs">
            <DataTable
              columns={CHANGE_COLUMNS}
              rows={data.mappings}
              rowId={(mapping) => mapping.key}
              label={`${map.name} changes`}
              // As the mappings table: the value takes what the key leaves, cut with an ellipsis
              // within a phone's screen (a click shows it whole), not past its edge.
              minWidth={320}
              // Key, a value column that takes what is left, and actions: made to fit a phone as columns.
              keepColumnsOnPhone
              striped
            />
            <PageButtons pages={pages} />
          </Stack>
        )}
      </QueryState>
      {ownChanges ? <Text size="sm">{APPROVALS_TEXTS.ownChanges}</Text> : null}
      {authors === undefined || ownChanges ? null : (
        <Group justify="flex-end" gap="xs">
          <Button color="red" variant="light" onClick={() => void decide(false)} disabled={review.isPending}>
            {APPROVALS_TEXTS.reject}
          </Button>
          {/* Black on green.7 keeps 4.5:1, as the success pill does. */}
          <Button color="green.7" autoContrast onClick={() => void decide(true)} loading={review.isPending}>
            {APPROVALS_TEXTS.approve}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function PendingMapCard({
  map,
  expanded,
  onToggle,
}: {
  map: ConfigMap;
  expanded: boolean;
  onToggle: () => void;
}) {
  const detailsId = `review-${map.id}`;
  return (
    <Paper withBorder p="md" component="article" aria-label={map.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={4}>
            <Text fw={600}>{map.name}</Text>
            {map.latestSubmittedVersion ? (
              <Text size="sm" c="dimmed">
                {APPROVALS_TEXTS.latestSubmittedOn(
                  formatDateTimeSeconds(map.latestSubmittedVersion.timeSubmitted),
                )}
              </Text>
            ) : null}
          </Stack>
          <Button
            variant="default"
            size="xs"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={detailsId}
          >
            {APPROVALS_TEXTS.review}
          </Button>
        </Group>
        {expanded ? (
          <div id={detailsId}>
            <ReviewDetails map={map} />
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function MapApprovalsPage() {
  const maps = useMaps(true);
  // `?map=<id>` (a link from the reviews inbox) opens that map's review.
  const [search] = useSearchParams();
  const linked = search.get('map') || null;
  const [expanded, setExpanded] = useState<string | null>(linked);
  // Whether the linked map waits, as the first list asked since the page opened says (not one kept
  // from an earlier visit), and not again after a decision made here takes it off the list.
  const [linkCheck, setLinkCheck] = useState<{ map: string; missing: boolean } | null>(null);
  if (
    linked !== null &&
    linkCheck?.map !== linked &&
    maps.isFetchedAfterMount &&
    !maps.isFetching &&
    maps.data
  ) {
    setLinkCheck({ map: linked, missing: !maps.data.maps.some((map) => map.id === linked) });
  }
  const missingLink = linked !== null && linkCheck?.map === linked && linkCheck.missing ? linked : null;
  // Reviewing is what this page is for: its modals load with it, so a full value shows at once.
  useEffect(() => preloadModals(APPROVAL_MODALS), []);
  return (
    <Stack>
      <PageTitle title={APPROVALS_TEXTS.title} />
      <Group justify="space-between">
        <Title order={1}>{APPROVALS_TEXTS.title}</Title>
        <Group gap="xs">
          <LiveControl />
          <RefreshButton fetching={maps.isFetching} onRefresh={() => void maps.refetch()} />
        </Group>
      </Group>
      {missingLink === null ? null : (
        <Alert color="yellow" role="status">
          {APPROVALS_TEXTS.linkedNotWaiting(missingLink)}
        </Alert>
      )}
      <QueryState
        query={maps}
        loadingLabel="Loading maps"
        errorText={CONFIG_MESSAGES.retrieveFailed}
        emptyText={APPROVALS_TEXTS.empty}
        isEmpty={(data) => data.maps.length === 0}
        keepDataOnError
      >
        {(data) => (
          <Stack>
            {data.maps.map((map) => (
              <PendingMapCard
                key={map.id}
                map={map}
                expanded={expanded === map.id}
                onToggle={() => setExpanded((current) => (current === map.id ? null : map.id))}
              />
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
