import '@mantine/dates/styles.css';
import { Anchor, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import {
  VOUCHER_CARD_NUMBER_MESSAGE,
  vouchersQuerySchema,
  type SenderOrder,
} from '@web-control/contract/vouchers';
import { useWindowEvent } from '@mantine/hooks';
import { startTransition, useRef, useState, type SubmitEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatDateTimeSeconds } from '../../../shared/format/dates';
import { formatCount } from '../../../shared/format/metrics';
import type { DataTableColumn } from '../../../shared/ui/data-table';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button';
import { CopyLinkButton } from '../../../shared/url/copy-link-button';
import { useListUrlState } from '../../../shared/url/use-list-url-state';
import { searchFieldRefusal } from '../../../shared/url/url-params';
import { PageTitle } from '../../../shared/ui/page-title';
import { PagedList, type PagedListTexts } from '../../../shared/ui/paged-list';
import { StatePill } from '../../../shared/ui/state-pill';
import { FilterGroup } from '../../../shared/ui/filter-group';
import { useVouchers } from '../api/get-vouchers';
import { VoucherBreadcrumbs } from '../components/voucher-breadcrumbs';
import {
  SEARCH_TEXTS,
  VOUCHER_FILTER_DEBOUNCE_MS,
  VOUCHER_MESSAGES,
  VOUCHER_PAGE_SIZE,
  VOUCHER_PAGE_SIZES,
} from '../constants';
import { VOUCHERS_TITLE } from '../titles';
import { voucherPath } from '../paths';
import { DayFilterInput } from './day-filter-input';
import { voucherStateKind } from '../voucher-state';
import {
  hasFilters,
  isFutureDay,
  NO_FILTERS,
  reversedRanges,
  toOrdersQuery,
  refusedLinkDays,
  VOUCHER_URL_PARAMS,
  type DayFilter,
  type NoDays,
} from './voucher-filters';
import { RefreshButton } from '../../../shared/ui/refresh-button';

const LIST_TEXTS: PagedListTexts = {
  loading: 'Loading vouchers',
  failed: VOUCHER_MESSAGES.searchFailed,
  retry: VOUCHER_MESSAGES.retry,
  empty: SEARCH_TEXTS.empty,
  pages: SEARCH_TEXTS.pages,
  pageSize: SEARCH_TEXTS.pageSize,
};

const COLUMNS: DataTableColumn<SenderOrder>[] = [
  {
    id: 'reference',
    header: SEARCH_TEXTS.columns.reference,
    rowHeader: true,
    cell: (order) => (
      <Anchor component={Link} to={voucherPath(order.reference)}>
        {order.reference}
      </Anchor>
    ),
  },
  {
    id: 'modified',
    header: SEARCH_TEXTS.columns.modified,
    cell: (order) => formatDateTimeSeconds(order.datetimeModified),
  },
  {
    id: 'created',
    header: SEARCH_TEXTS.columns.created,
    cell: (order) => formatDateTimeSeconds(order.datetimeCreated),
  },
  {
    id: 'status',
    header: SEARCH_TEXTS.columns.status,
    cell: (order) => <StatePill label={order.state} kind={voucherStateKind(order.state)} />,
  },
];

const DAY_FIELDS: { name: DayFilter; label: string }[] = [
  { name: 'createdFrom', label: SEARCH_TEXTS.createdFrom },
  { name: 'createdTo', label: SEARCH_TEXTS.createdTo },
  { name: 'modifiedFrom', label: SEARCH_TEXTS.modifiedFrom },
  { name: 'modifiedTo', label: SEARCH_TEXTS.modifiedTo },
];

/** The fields holding no date, with this one's text (or without it); the same object if unchanged. */
function withNoDay(current: NoDays, name: DayFilter, typed: string | null): NoDays {
  if ((current[name] ?? null) === typed) return current;
  const others = Object.entries(current).filter(([field]) => field !== name);
  return Object.fromEntries(typed === null ? others : [...others, [name, typed]]);
}

/**
 * Why the list waits: a reference the platform would refuse (a card number, too long), a date field holding no date or a day
 * after today, or a reversed range.
 */
function waitingText(referenceRefused: boolean, noDays: NoDays): string {
  if (referenceRefused) return SEARCH_TEXTS.waitingForReference;
  const typed = Object.values(noDays);
  if (typed.some((text) => !isFutureDay(text))) return SEARCH_TEXTS.waitingForDay;
  return typed.length > 0 ? SEARCH_TEXTS.waitingForFutureDay : SEARCH_TEXTS.waitingForRange;
}

/**
 * /dashboard/vouchers: the filters, page and page size live in the URL, so a search can be shared,
 * reloaded and gone back to. A typed reference is sent once typing pauses (or on Enter).
 */
export function VoucherSearchPage() {
  const navigate = useNavigate();
  const { filters, settled, change, paging } = useListUrlState({
    params: VOUCHER_URL_PARAMS,
    defaults: () => NO_FILTERS,
    debounceMs: VOUCHER_FILTER_DEBOUNCE_MS,
    size: VOUCHER_PAGE_SIZE,
    sizes: VOUCHER_PAGE_SIZES,
  });
  const search = { filters: settled, page: paging.page, size: paging.size };
  // A "to" day before its "from" is said at the field, and nothing is asked until it is corrected.
  const rangeErrors = reversedRanges(filters);
  // A date field left holding no date, or a link's day that does not read: nothing is asked until
  // it is corrected or cleared.
  const location = useLocation();
  const [noDays, setNoDays] = useState(() => refusedLinkDays(new URLSearchParams(location.search)));
  // Back and Forward bring the fields of another address: what was typed here is not in them. Said
  // by the browser rather than the drawn address, which may skip the one left (Back before it is drawn).
  useWindowEvent('popstate', () => {
    startTransition(() => setNoDays(refusedLinkDays(new URLSearchParams(window.location.search))));
  });
  const holdsNoDay = Object.keys(noDays).length > 0;
  // A card number as the reference, typed or a link's (never read into the field), is never sent:
  // the list waits rather than list every voucher.
  // Any other refusal of the platform's (too long) is said at the field too, and the list waits.
  const reference = searchFieldRefusal(
    { typed: filters.reference, search: location.search, name: 'reference' },
    { cardNumber: VOUCHER_CARD_NUMBER_MESSAGE, schema: vouchersQuerySchema.shape.orderReference },
  );
  const referenceWaits = reference.waits;
  const waiting = Object.keys(reversedRanges(settled)).length > 0 || holdsNoDay || referenceWaits;
  const vouchers = useVouchers(toOrdersQuery(search), !waiting);

  // Clear disables itself: the keyboard goes on from the first filter rather than from the page.
  const referenceRef = useRef<HTMLInputElement>(null);
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    change({}, { now: true });
  };
  return (
    <Stack>
      <PageTitle title={VOUCHERS_TITLE} />
      <VoucherBreadcrumbs />
      <Group justify="space-between">
        <Title order={1}>{VOUCHERS_TITLE}</Title>
        <Group gap="xs">
          <CopyLinkButton />
          <ExportCsvButton
            list="vouchers"
            disabled={waiting}
            filter={toOrdersQuery({ ...search, page: 1 })}
          />
          <RefreshButton
            fetching={vouchers.isFetching}
            onRefresh={() => void vouchers.refetch()}
            label={SEARCH_TEXTS.refresh}
          />
        </Group>
      </Group>
      <form role="search" aria-label={SEARCH_TEXTS.filters} onSubmit={submit} noValidate>
        <FilterGroup gap="xs">
          <TextInput
            ref={referenceRef}
            label={SEARCH_TEXTS.reference}
            value={filters.reference}
            autoComplete="off"
            error={reference.error}
            onChange={(event) => change({ reference: event.currentTarget.value })}
          />
          {DAY_FIELDS.map(({ name, label }) => (
            <DayFilterInput
              key={name}
              label={label}
              value={filters[name]}
              error={name === 'createdTo' || name === 'modifiedTo' ? rangeErrors[name] : undefined}
              onChange={(value) => change({ [name]: value }, { now: true })}
              noDay={noDays[name] ?? null}
              onNoDay={(typed) => setNoDays((current) => withNoDay(current, name, typed))}
            />
          ))}
          <Button
            variant="default"
            onClick={() => {
              setNoDays({});
              change(NO_FILTERS, { now: true });
              referenceRef.current?.focus();
            }}
            disabled={!hasFilters(filters) && !hasFilters(settled) && !holdsNoDay && !referenceWaits}
          >
            {SEARCH_TEXTS.clear}
          </Button>
        </FilterGroup>
      </form>
      <PagedList
        waiting={waiting ? waitingText(referenceWaits, noDays) : null}
        query={vouchers}
        paging={paging}
        texts={LIST_TEXTS}
        sizes={VOUCHER_PAGE_SIZES}
        rowsOf={(data) => data.senderOrders}
        totalOf={(data) => data.paging.nrRecords}
        summary={(data) => SEARCH_TEXTS.rangeOf(data.paging.range, formatCount(data.paging.nrRecords))}
        table={{
          columns: COLUMNS,
          rowId: (order) => order.reference,
          label: VOUCHERS_TITLE,
          minWidth: 720,
          striped: true,
          highlightOnHover: true,
          onRowClick: (order) => void navigate(voucherPath(order.reference)),
        }}
      />
    </Stack>
  );
}
