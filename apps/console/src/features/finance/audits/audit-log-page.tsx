import { Button, Group, Pagination, Select, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AUDIT_STATUSES, type Audit, type AuditStatus } from '@web-control/contract/finance';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../shared/ui/data-table';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryState } from '../../../shared/ui/query-state';
import { StatePill, type StateKind } from '../../../shared/ui/state-pill';
import { useAudits } from '../api/get-audits';
import { formatNumericSeconds } from '../../../shared/format/dates';
import { pageCountOf } from '../paging';
import { AuditEvent } from './audit-event';
import { auditsQueryOf, defaultAuditFilters, type AuditFilters } from './audit-filters';
import {
  AUDIT_STATUS_LABELS,
  AUDIT_TYPE_LABELS,
  AUDIT_TYPES,
  AUDITS_DEBOUNCE_MS,
  AUDITS_MESSAGES,
  AUDITS_PAGE_SIZE,
  AUDITS_PAGE_SIZES,
  AUDITS_TITLE,
  UNREVIEWED,
} from './constants';

const STATUS_KINDS: Record<AuditStatus, StateKind> = {
  REGISTERED: 'info',
  SUCCESS: 'success',
  ERROR: 'error',
  REJECTED: 'unavailable',
};

const TYPE_OPTIONS = AUDIT_TYPES.map((value) => ({ value, label: AUDIT_TYPE_LABELS[value] }));
const STATUS_OPTIONS = AUDIT_STATUSES.map((value) => ({ value, label: AUDIT_STATUS_LABELS[value] }));
const SIZE_OPTIONS = AUDITS_PAGE_SIZES.map(String);

const COLUMNS: DataTableColumn<Audit>[] = [
  { id: 'event', header: 'Event', cell: (audit) => <AuditEvent audit={audit} /> },
  { id: 'date', header: 'Date & Time', cell: (audit) => formatNumericSeconds(audit.auditDate) },
  { id: 'user', header: 'User', cell: (audit) => audit.username },
  { id: 'reviewer', header: 'Reviewer', cell: (audit) => audit.reviewerUsername ?? UNREVIEWED },
  {
    id: 'status',
    header: 'Status',
    cell: (audit) => (
      <StatePill label={AUDIT_STATUS_LABELS[audit.status]} kind={STATUS_KINDS[audit.status]} />
    ),
  },
];

export function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFilters>(() => defaultAuditFilters(new Date()));
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(AUDITS_PAGE_SIZE);
  // Filters wait a second before they ask; the page is kept (specification 2, section 4).
  const [settled] = useDebouncedValue(filters, AUDITS_DEBOUNCE_MS);
  const audits = useAudits(auditsQueryOf(settled, page, size));

  const change = (patch: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...patch }));

  return (
    <Stack>
      <PageTitle title={AUDITS_TITLE} />
      <Group justify="space-between">
        <Title order={1}>{AUDITS_TITLE}</Title>
        <Button variant="default" onClick={() => void audits.refetch()} loading={audits.isFetching}>
          Refresh
        </Button>
      </Group>
      <Group role="search" aria-label="Audit log filters" align="flex-end">
        <TextInput
          type="datetime-local"
          label="From"
          value={filters.from}
          onChange={(event) => change({ from: event.currentTarget.value })}
        />
        <TextInput
          type="datetime-local"
          label="To"
          value={filters.to}
          onChange={(event) => change({ to: event.currentTarget.value })}
        />
        <TextInput
          label="User"
          value={filters.username}
          onChange={(event) => change({ username: event.currentTarget.value })}
        />
        <Select
          label="Type"
          placeholder="All types"
          data={TYPE_OPTIONS}
          value={filters.type}
          onChange={(value) => change({ type: value })}
          clearable
        />
        <Select
          label="Status"
          placeholder="All statuses"
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(value) => change({ status: value })}
          clearable
        />
      </Group>
      <QueryState
        query={audits}
        loadingLabel="Loading audit log"
        errorText={AUDITS_MESSAGES.failed}
        emptyText={AUDITS_MESSAGES.empty}
        isEmpty={(data) => data.audits.length === 0}
      >
        {(data) => (
          <Stack>
            <DataTable
              columns={COLUMNS}
              rows={data.audits}
              rowId={(audit) => String(audit.auditId)}
              label={AUDITS_TITLE}
              minWidth={720}
              striped
            />
            <Group justify="space-between">
              <Pagination
                total={pageCountOf(data.paginationInfo.totalRecords, size)}
                value={page}
                onChange={setPage}
                aria-label="Audit log pages"
              />
              <Select
                label="Page size"
                data={SIZE_OPTIONS}
                value={String(size)}
                onChange={(value) => {
                  if (value === null) return;
                  // A new page size starts again from page 1 (specification 2, section 4).
                  setSize(Number(value));
                  setPage(1);
                }}
                allowDeselect={false}
                w={120}
              />
            </Group>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
