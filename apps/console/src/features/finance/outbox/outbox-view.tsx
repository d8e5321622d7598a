import { ActionIcon, Autocomplete, Button, Group, Select, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Extract } from '@web-control/contract/finance-settlements';
import { useEffect, useMemo, useState } from 'react';
import { FilterDateTime } from '../../../shared/forms/filter-date-time';
import { refusalText } from '../../../shared/http/error-message';
import type { DataTableColumn } from '../../../shared/ui/data-table';
import { PageTitle } from '../../../shared/ui/page-title';
import { PagedList, type PagedListTexts } from '../../../shared/ui/paged-list';
import { pageQueryOf, totalRecordsOf } from '../../../shared/ui/paging';
import { usePageState } from '../../../shared/ui/use-page-state';
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
  rangeErrorOf,
  tagColumnsOf,
  type OutboxFilters,
  type TagRow,
} from './outbox-filters';

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

function extractColumns(tagColumns: string[]): DataTableColumn<Extract>[] {
  return [
    {
      id: 'fileName',
      header: 'Filename',
      rowHeader: true,
      cell: (extract) => (
        <Button variant="subtle" size="compact-sm" onClick={() => void download(extract)}>
          {extract.fileName}
        </Button>
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
      cell: (extract) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => void download(extract)}
          aria-label={`Download ${extract.fileName}`}
        >
          Download
        </Button>
      ),
    },
  ];
}

const LIST_TEXTS: PagedListTexts = {
  loading: 'Loading outbox',
  failed: OUTBOX_MESSAGES.failed,
  empty: OUTBOX_MESSAGES.empty,
  pages: 'Outbox pages',
};

/** The outbox of extracts: everything, or one process's (its tab). */
export function OutboxView({ processId }: { processId?: number }) {
  const [filters, setFilters] = useState<OutboxFilters>(() => defaultOutboxFilters(new Date()));
  const [nextKey, setNextKey] = useState(0);
  const paging = usePageState({ size: OUTBOX_PAGE_SIZE, resetOn: filters });
  const now = new Date();
  const rangeError = rangeErrorOf(filters, now);
  // Filters wait 400 ms; choosing only a tag type gives the same request, so nothing is asked.
  const [settled] = useDebouncedValue(filters, OUTBOX_DEBOUNCE_MS);
  const extracts = useExtracts(extractsRequestOf(settled, pageQueryOf(paging), processId, now));
  const tagNames = useExtractTagNames();

  useEffect(() => {
    if (!tagNames.isError) return;
    notifications.show({
      color: 'red',
      autoClose: false,
      message: refusalText(tagNames.error, OUTBOX_MESSAGES.tagsFailed),
    });
  }, [tagNames.isError, tagNames.error]);

  const change = (patch: Partial<OutboxFilters>) => setFilters((current) => ({ ...current, ...patch }));
  const changeRow = (key: number, patch: Partial<TagRow>) =>
    change({ tags: filters.tags.map((row) => (row.key === key ? { ...row, ...patch } : row)) });

  const tagOptions = (tagNames.data?.extractTagNames ?? []).map((tag) => ({
    value: tag.id,
    label: tag.name,
  }));
  const rows = extracts.data?.extracts;
  const tagColumns = useMemo(() => tagColumnsOf(rows ?? []), [rows]);
  const columns = useMemo(() => extractColumns(tagColumns), [tagColumns]);
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
        <Group align="flex-end">
          <FilterDateTime
            label="Date Created from"
            maxDate={latest}
            value={filters.from}
            onChange={(from) => change({ from })}
            error={rangeError}
          />
          <FilterDateTime
            label="Date Created to"
            maxDate={latest}
            value={filters.to}
            onChange={(to) => change({ to })}
          />
          <Button variant="default" onClick={() => void extracts.refetch()} loading={extracts.isFetching}>
            Refresh
          </Button>
        </Group>
        {filters.tags.map((row, index) => (
          <Group key={row.key} align="flex-end" gap="xs">
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
          </Group>
        ))}
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => {
              change({ tags: [...filters.tags, { key: nextKey, tagId: '', value: '' }] });
              setNextKey((key) => key + 1);
            }}
          >
            Add filter
          </Button>
          <Button variant="subtle" onClick={() => setFilters(defaultOutboxFilters(new Date()))}>
            Clear all
          </Button>
        </Group>
      </Stack>
      <PagedList
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
