import { Group, Stack, TextInput, Title } from '@mantine/core';
import { AUDIT_STATUSES, type ActionType, type AuditStatus } from '@web-control/contract/finance';
import { auditsQuerySchema, type Audit } from '@web-control/contract/finance-actions';
import type { DataTableColumn } from '../../../shared/ui/data-table';
import { FilterDateTime } from '../../../shared/forms/filter-date-time';
import { PageTitle } from '../../../shared/ui/page-title';
import { PagedList, type PagedListTexts } from '../../../shared/ui/paged-list';
import { totalRecordsOf } from '../../../shared/ui/paging';
import { StatePill, type StateKind } from '../../../shared/ui/state-pill';
import { useAudits } from '../api/get-audits';
import { formatLocalMinute, formatNumericSeconds } from '../../../shared/format/dates';
import { useLocation, useSearchParams } from 'react-router';
import { AuditEvent } from './audit-event';
import { auditsQueryOf, defaultAuditFilters, isReversed, type AuditFilters } from './audit-filters';
import { RANGE_ERRORS } from '../../../shared/forms/minute-range';
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
import { CopyLinkButton } from '../../../shared/url/copy-link-button';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button';
import { useListUrlState } from '../../../shared/url/use-list-url-state';
import {
  CARD_NUMBER_NOT_SEARCHED,
  choiceParam,
  searchFieldRefusal,
  localMinuteParam,
  textParam,
  type UrlParams,
} from '../../../shared/url/url-params';
import { Select } from '../../../shared/ui/select';
import { FilterGroup } from '../../../shared/ui/filter-group';
import { RefreshButton } from '../../../shared/ui/refresh-button';

const STATUS_KINDS: Record<AuditStatus, StateKind> = {
  REGISTERED: 'info',
  SUCCESS: 'success',
  ERROR: 'error',
  REJECTED: 'unavailable',
};

const TYPE_OPTIONS = AUDIT_TYPES.map((value) => ({ value, label: AUDIT_TYPE_LABELS[value] }));
const STATUS_OPTIONS = AUDIT_STATUSES.map((value) => ({ value, label: AUDIT_STATUS_LABELS[value] }));

const AUDIT_URL_PARAMS: UrlParams<AuditFilters> = {
  from: localMinuteParam(),
  to: localMinuteParam(),
  username: textParam(),
  type: choiceParam<ActionType>(AUDIT_TYPES),
  status: choiceParam(AUDIT_STATUSES),
};

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
  // Filters wait a second before they ask; the page is kept (specification 2, section 4).
  const { filters, settled, change, paging } = useListUrlState({
    params: AUDIT_URL_PARAMS,
    defaults: () => defaultAuditFilters(new Date()),
    size: AUDITS_PAGE_SIZE,
    sizes: AUDITS_PAGE_SIZES,
    debounceMs: AUDITS_DEBOUNCE_MS,
    keepPage: true,
  });
  const query = auditsQueryOf(settled, paging.page, paging.size);
  // A To before From is said at the field, and nothing is asked until it is corrected.
  const reversed = isReversed(settled);
  // So is a user the platform would refuse; a card number, typed or a link's, is never sent.
  const location = useLocation();
  const user = searchFieldRefusal(
    { typed: filters.username, search: location.search, name: 'username' },
    { cardNumber: CARD_NUMBER_NOT_SEARCHED, schema: auditsQuerySchema.shape.username },
  );
  const waiting = reversed
    ? AUDITS_MESSAGES.waitingForRange
    : user.waits
      ? AUDITS_MESSAGES.waitingForUser
      : null;
  const audits = useAudits(query, waiting === null);
  // The default range ends now: Refresh moves its end to this minute (it stayed at the page's opening).
  const [search] = useSearchParams();
  const refresh = () => {
    const now = formatLocalMinute(new Date());
    if (!search.has('to') && now !== settled.to) change({ to: now }, { now: true });
    else void audits.refetch();
  };
  // The export takes every row of the filter: no page.
  const exportFilter = Object.fromEntries(
    Object.entries(query).filter(([key]) => key !== 'offset' && key !== 'limit'),
  );

  return (
    <Stack>
      <PageTitle title={AUDITS_TITLE} />
      <Group justify="space-between">
        <Title order={1}>{AUDITS_TITLE}</Title>
        <Group gap="xs">
          <CopyLinkButton />
          <ExportCsvButton list="audit-log" filter={exportFilter} disabled={waiting !== null} />
          <RefreshButton fetching={audits.isFetching} onRefresh={refresh} />
        </Group>
      </Group>
      <FilterGroup role="search" aria-label="Audit log filters">
        <FilterDateTime label="From" value={filters.from} onChange={(from) => change({ from })} />
        <FilterDateTime
          label="To"
          value={filters.to}
          onChange={(to) => change({ to })}
          error={isReversed(filters) ? RANGE_ERRORS.order : null}
        />
        <TextInput
          label="User"
          value={filters.username}
          error={user.error}
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
      </FilterGroup>
      <PagedList
        waiting={waiting}
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
