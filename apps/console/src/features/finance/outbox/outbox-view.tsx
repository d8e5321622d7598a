import { ActionIcon, Autocomplete, Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  EXTRACT_TAGS,
  extractDownloadPermission,
  type Extract,
} from '@web-control/contract/finance-settlements';
import { useEffect, useMemo } from 'react';
import { FilterDateTime } from '../../../shared/forms/filter-date-time';
import { refusalText } from '../../../shared/http/error-message';
import type { DataTableColumn } from '../../../shared/ui/data-table';
import { PageTitle } from '../../../shared/ui/page-title';
import { PagedList, type PagedListTexts } from '../../../shared/ui/paged-list';
import { pageQueryOf, totalRecordsOf } from '../../../shared/ui/paging';
import { useExtractTagNames, useExtractTagValues } from '../api/get-extract-tags';
import { useExtracts } from '../api/get-extracts';
import { openExtractDownload } from '../api/open-extract-download';
import { endOfDayOf, formatNumericSeconds } from '../../../shared/format/dates';
import { FINANCE_MESSAGES } from '../messages';
import {
  OUTBOX_DEBOUNCE_MS,
  OUTBOX_MESSAGES,
  OUTBOX_PAGE_SIZE,
  OUTBOX_TABLE_LABEL,
  OUTBOX_TITLE,
} from './constants';
import {
  defaultOutboxFilters,
  extractsRequestOf,
  tagColumnsOf,
  type OutboxFilters,
  type TagRow,
} from './outbox-filters';
import { holdsRangeError, rangeErrorsOf } from '../../../shared/forms/minute-range';
import { CopyLinkButton } from '../../../shared/url/copy-link-button';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button';
import { useListUrlState } from '../../../shared/url/use-list-url-state';
import { localMinuteParam, type UrlParams } from '../../../shared/url/url-params';
import { Select } from '../../../shared/ui/select';
import { FilterGroup } from '../../../shared/ui/filter-group';
import { useCan, type Can } from '../../../shared/session/permissions';
import fileNameButton from './file-name-button.module.css';
import { RefreshButton } from '../../../shared/ui/refresh-button';

async function download(extract: Extract) {
  try {
    await openExtractDownload(extract);
  } catch (error) {
    notifications.show({ color: 'red', message: refusalText(error, FINANCE_MESSAGES.exceptionsFailed) });
  }
}

function TagValueInput({
  n,
  row,
  processId,
  onChange,
}: {
  n: number;
  row: TagRow;
  processId: number | undefined;
  onChange: (value: string) => void;
}) {
  const values = useExtractTagValues(row.tagId, processId);
  useEffect(() => {
    if (values.isError) notifications.show({ color: 'yellow', message: OUTBOX_MESSAGES.tagValuesFailed });
  }, [values.isError]);
  return (
    <Autocomplete
      label={`Tag value (filter ${n})`}
      data={values.data?.extractTagValues.map((item) => item.value) ?? []}
      value={row.value}
      onChange={onChange}
      disabled={row.tagId === ''}
    />
  );
}

/** An exceptions extract holds an inbox file's refused rows: it asks the inbox's download permission. */
function mayDownload(extract: Extract, can: Can): boolean {
  return can(extractDownloadPermission(extract.tags[EXTRACT_TAGS.kind] ?? []));
}

function extractColumns(tagColumns: string[], can: Can): DataTableColumn<Extract>[] {
  return [
    {
      id: 'fileName',
      header: 'Filename',
      rowHeader: true,
      cell: (extract) =>
        mayDownload(extract, can) ? (
          <Button
            variant="subtle"
            size="compact-sm"
            classNames={fileNameButton}
            onClick={() => void download(extract)}
          >
            {extract.fileName}
          </Button>
        ) : (
          <span className={fileNameButton.plain}>{extract.fileName}</span>
        ),
    },
    {
      id: 'createdDate',
      header: 'Date Created',
      cell: (extract) => formatNumericSeconds(extract.createdDate),
    },
    ...tagColumns.map((tag): DataTableColumn<Extract> => ({
      id: `tag-${tag}`,
      header: tag,
      cell: (extract) => (extract.tags[tag] ?? []).join(', '),
    })),
    {
      id: 'download',
      header: 'Download',
      headerHidden: true,
      align: 'right',
      cell: (extract) =>
        mayDownload(extract, can) ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => void download(extract)}
            aria-label={`Download ${extract.fileName}`}
          >
            Download
          </Button>
        ) : null,
    },
  ];
}

const LIST_TEXTS: PagedListTexts = {
  loading: 'Loading outbox',
  failed: OUTBOX_MESSAGES.failed,
  empty: OUTBOX_MESSAGES.empty,
  pages: 'Outbox pages',
};

/** Tag rows as `tagId:value`, repeated; a row is numbered by its place. */
const OUTBOX_URL_PARAMS: UrlParams<OutboxFilters> = {
  from: localMinuteParam(),
  to: localMinuteParam(),
  tags: {
    read: (values) => {
      const rows: TagRow[] = [];
      for (const [key, value] of values.entries()) {
        const at = value.indexOf(':');
        if (at < 0) return undefined;
        rows.push({ key, tagId: value.slice(0, at), value: value.slice(at + 1) });
      }
      return rows;
    },
    write: (tags) => tags.map((row) => `${row.tagId}:${row.value}`),
  },
};

/** The outbox of extracts: everything, or one process's (its tab). */
export function OutboxView({ processId }: { processId?: number }) {
  // Filters wait 400 ms; choosing only a tag type gives the same request, so nothing is asked.
  const { filters, settled, change, paging } = useListUrlState({
    params: OUTBOX_URL_PARAMS,
    defaults: () => defaultOutboxFilters(new Date()),
    size: OUTBOX_PAGE_SIZE,
    debounceMs: OUTBOX_DEBOUNCE_MS,
  });
  const nextKey = Math.max(-1, ...filters.tags.map((row) => row.key)) + 1;
  const now = new Date();
  const rangeErrors = rangeErrorsOf(filters, now);
  const request = extractsRequestOf(settled, pageQueryOf(paging), processId, now);
  // A range that breaks a rule is said at its field, and the list waits rather than list every day's.
  const waiting = holdsRangeError(settled, now);
  const extracts = useExtracts(request, !waiting);
  // Every row of the filter: the request without its page.
  const exportFilter = {
    fromDateTimeInclusive: request.fromDateTimeInclusive,
    toDateTimeInclusive: request.toDateTimeInclusive,
    tag: request.tag,
    processId,
  };
  const tagNames = useExtractTagNames();

  useEffect(() => {
    if (!tagNames.isError) return;
    notifications.show({
      color: 'red',
      autoClose: false,
      message: refusalText(tagNames.error, OUTBOX_MESSAGES.tagsFailed),
    });
  }, [tagNames.isError, tagNames.error]);

  const changeRow = (key: number, patch: Partial<TagRow>) =>
    change({ tags: filters.tags.map((row) => (row.key === key ? { ...row, ...patch } : row)) });

  const tagOptions = (tagNames.data?.extractTagNames ?? []).map((tag) => ({
    value: tag.id,
    label: tag.name,
  }));
  const rows = extracts.data?.extracts;
  const tagColumns = useMemo(() => tagColumnsOf(rows ?? []), [rows]);
  const can = useCan();
  const columns = useMemo(() => extractColumns(tagColumns, can), [tagColumns, can]);
  const latest = endOfDayOf(now);

  return (
    <Stack>
      {processId === undefined ? (
        <>
          <PageTitle title={OUTBOX_TITLE} />
          <Title order={1}>{OUTBOX_TITLE}</Title>
        </>
      ) : null}
      <Stack gap="xs" role="search" aria-label="Outbox filters">
        <FilterGroup>
          <FilterDateTime
            label="Date Created from"
            maxDate={latest}
            value={filters.from}
            onChange={(from) => change({ from })}
            error={rangeErrors.from}
          />
          <FilterDateTime
            label="Date Created to"
            maxDate={latest}
            value={filters.to}
            onChange={(to) => change({ to })}
            error={rangeErrors.to}
          />
          <RefreshButton fetching={extracts.isFetching} onRefresh={() => void extracts.refetch()} />
        </FilterGroup>
        {filters.tags.map((row, index) => (
          <FilterGroup key={row.key} gap="xs">
            <Select
              label={`Tag type (filter ${index + 1})`}
              data={tagOptions}
              value={row.tagId || null}
              onChange={(value) => changeRow(row.key, { tagId: value ?? '', value: '' })}
            />
            <TagValueInput
              n={index + 1}
              row={row}
              processId={processId}
              onChange={(value) => changeRow(row.key, { value })}
            />
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Remove tag filter ${index + 1}`}
              onClick={() => change({ tags: filters.tags.filter((each) => each.key !== row.key) })}
            >
              ×
            </ActionIcon>
          </FilterGroup>
        ))}
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => change({ tags: [...filters.tags, { key: nextKey, tagId: '', value: '' }] })}
          >
            Add filter
          </Button>
          <Button variant="subtle" onClick={() => change(defaultOutboxFilters(new Date()))}>
            Clear all
          </Button>
          <CopyLinkButton />
          <ExportCsvButton list="finance-outbox" filter={exportFilter} disabled={waiting} />
        </Group>
      </Stack>
      <PagedList
        waiting={waiting ? OUTBOX_MESSAGES.waitingForRange : null}
        query={extracts}
        paging={paging}
        texts={LIST_TEXTS}
        rowsOf={(data) => data.extracts}
        totalOf={totalRecordsOf}
        table={{
          columns,
          rowId: (extract) => extract.path,
          label: OUTBOX_TABLE_LABEL,
          minWidth: 720,
          highlightOnHover: true,
        }}
      />
    </Stack>
  );
}
