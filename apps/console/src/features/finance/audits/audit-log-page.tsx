import { Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AUDIT_STATUSES, type Audit, type AuditStatus } from '@web-control/contract/finance';
import { useState } from 'react';
import type { DataTableColumn } from '../../../shared/ui/data-table';
import { PageTitle } from '../../../shared/ui/page-title';
import { PagedList, type PagedListTexts } from '../../../shared/ui/paged-list';
import { totalRecordsOf } from '../../../shared/ui/paging';
import { StatePill, type StateKind } from '../../../shared/ui/state-pill';
import { usePageState } from '../../../shared/ui/use-page-state';
import { useAudits } from '../api/get-audits';
import { formatNumericSeconds } from '../../../shared/format/dates';
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

const LIST_TEXTS: PagedListTexts = {
  loading: 'Loading audit log',
  failed: AUDITS_MESSAGES.failed,
  empty: AUDITS_MESSAGES.empty,
  pages: 'Audit log pages',
  pageSize: 'Page size',
};

export function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFilters>(() => defaultAuditFilters(new Date()));
  // Filters wait a second before they ask; the page is kept (specification 2, section 4).
  const paging = usePageState({ size: AUDITS_PAGE_SIZE });
  const [settled] = useDebouncedValue(filters, AUDITS_DEBOUNCE_MS);
  const audits = useAudits(auditsQueryOf(settled, paging.page, paging.size));

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
      <PagedList
        query={audits}
        paging={paging}
        texts={LIST_TEXTS}
        sizes={AUDITS_PAGE_SIZES}
        rowsOf={(data) => data.audits}
        totalOf={totalRecordsOf}
        table={{
          columns: COLUMNS,
          rowId: (audit) => String(audit.auditId),
          label: AUDITS_TITLE,
          minWidth: 720,
          striped: true,
        }}
      />
    </Stack>
  );
}
