import { Alert, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TRANSACTIONS_PAGE_SIZE } from '@web-control/contract/transactions';
import { LiveControl } from '../../../shared/live/live-control';
import { PageTitle } from '../../../shared/ui/page-title';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button';
import { CopyLinkButton } from '../../../shared/url/copy-link-button';
import { useUrlFilters } from '../../../shared/url/use-list-url-state';
import { refusalText } from '../../../shared/http/error-message';
import { PAST_THE_END } from '../../../shared/ui/paged-list';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/query-state';
import { ChoicesError } from '../../../shared/ui/choices-error';
import { useFilterOptions } from '../api/get-filter-options';
import { FILTER_DEBOUNCE_MS, loadFailedText, NO_TRANSACTIONS, TRY_AGAIN } from './constants';
import { TRANSACTIONS_TITLE } from '../titles';
import { FilterForm, waitingForFilterText } from './filter-form';
import {
  correctedListParams,
  defaultFilters,
  readPaging,
  toTransactionsQuery,
  TRANSACTION_FILTERS_CODEC,
  unsearchableFilter,
  unreadLinkRange,
  LINK_RANGE_TEXTS,
  cardNumberFilter,
  writeListRequest,
} from './transaction-filters';
import { TransactionsList } from './transactions-list';
import type { TransactionsPageState } from './transactions-page-state';
import { useTransactionsList } from './use-transactions-list';

interface PagingProps {
  state: TransactionsPageState;
  onPage: (page: number) => void;
}

function Paging({ state, onPage }: PagingProps) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button
        variant="default"
        size="xs"
        aria-label="Previous page"
        disabled={!state.previousPage}
        onClick={() => onPage(state.currentPage - 1)}
      >
        Previous
      </Button>
      <Text size="sm">Page {state.currentPage}</Text>
      <Button
        variant="default"
        size="xs"
        aria-label="Next page"
        disabled={!state.nextPage}
        onClick={() => onPage(state.currentPage + 1)}
      >
        Next
      </Button>
    </Group>
  );
}

interface ResultsProps {
  state: TransactionsPageState;
  onToggle: (uuid: string) => void;
  onRetry: () => void;
  onPage: (page: number) => void;
}

function Results({ state, onToggle, onRetry, onPage }: ResultsProps) {
  if (state.loading) {
    return <LoadingState label="Loading transactions" />;
  }
  if (state.transactions.length > 0) {
    return (
      <TransactionsList
        transactions={state.transactions}
        selectedUuid={state.selectedUuid}
        onToggle={onToggle}
      />
    );
  }
  // A failed refresh keeps the list above without a word (specification section 8); a failed load
  // with nothing to show says so rather than leave an empty card, or claim that nothing matched.
  if (state.error === null && state.currentPage > 1) {
    // Past the end is not "nothing matches"; the list counts no pages, so it leads to the first.
    return (
      <Stack align="flex-start">
        <EmptyState text={PAST_THE_END.text(state.currentPage)} />
        <Button variant="default" onClick={() => onPage(1)}>
          {PAST_THE_END.goTo(1)}
        </Button>
      </Stack>
    );
  }
  return state.error === null ? (
    <EmptyState text={NO_TRANSACTIONS} />
  ) : (
    <ErrorState
      text={refusalText(state.error, loadFailedText)}
      retryLabel={TRY_AGAIN}
      onRetry={onRetry}
      error={state.error}
    />
  );
}

/**
 * The filters and the page live in the URL, so a view can be bookmarked or shared and Back
 * restores it. The form shows a change at once and writes it to the URL a second later.
 */
export function TransactionsPage() {
  const options = useFilterOptions();
  // The shared hook keeps the filters (a change shows at once, reaches the URL a second later, and
  // Back drops a change not yet written); the page and the address's correction are the list's.
  const { filters, settled, change } = useUrlFilters({
    codec: TRANSACTION_FILTERS_CODEC,
    // A new filter starts again at page 1, which counts from now.
    pageParams: ['page', 'latest'],
    defaults: () => defaultFilters(new Date()),
    debounceMs: FILTER_DEBOUNCE_MS,
  });
  const [searchParams, setSearchParams] = useSearchParams();
  // A link's range that does not read is replaced by today's: said until the dates are changed.
  const [linkRange, setLinkRange] = useState(() => unreadLinkRange(searchParams, new Date()));
  const request = { filters: settled, ...readPaging(searchParams) };
  const waitingFor = unsearchableFilter(settled) ?? cardNumberFilter(filters);
  // A filter corrected or cleared is a new request even where the address stays the same (a whole
  // card number never reaches it).
  const requestKey = `${writeListRequest(request).toString()}${waitingFor ? `#${waitingFor}` : ''}`;
  const list = useTransactionsList(request, requestKey, waitingFor !== null);
  // A range that started after now may have begun since: once it lists something, no longer said.
  const linkNotice =
    linkRange === LINK_RANGE_TEXTS.future && list.state.transactions.length > 0 ? null : linkRange;
  const corrected = correctedListParams(searchParams, request)?.toString() ?? null;
  useEffect(() => {
    if (corrected !== null) setSearchParams(new URLSearchParams(corrected), { replace: true });
  }, [corrected, setSearchParams]);

  // Paged from the first page, the pages count from its newest row as loaded; further on, from the same.
  const goToPage = (next: number) =>
    setSearchParams(
      writeListRequest({
        filters: request.filters,
        page: next,
        latest: next > 1 ? (request.latest ?? list.state.latestUuid) : null,
      }),
    );

  return (
    <Stack>
      <PageTitle title={TRANSACTIONS_TITLE} />
      {options.isPending ? null : (
        <>
          <Group justify="space-between" align="center">
            <Title order={1}>{TRANSACTIONS_TITLE}</Title>
            <Group gap="md">
              {list.state.autoRefresh ? <LiveControl updatedAt={list.updatedAt} /> : null}
              <Switch
                label="Auto-refresh"
                checked={list.state.autoRefresh}
                onChange={(event) => list.setAutoRefresh(event.currentTarget.checked)}
              />
              <Button variant="default" onClick={list.refresh}>
                Refresh
              </Button>
              <CopyLinkButton />
              <ExportCsvButton
                list="transactions"
                disabled={waitingFor !== null}
                filter={toTransactionsQuery(
                  { filters: request.filters, page: 1, latest: null },
                  null,
                  TRANSACTIONS_PAGE_SIZE,
                )}
              />
            </Group>
          </Group>
          <FilterForm
            value={filters}
            options={options.data}
            onChange={(next) => {
              const moved =
                next.from.getTime() !== filters.from.getTime() || next.to.getTime() !== filters.to.getTime();
              if (moved) setLinkRange(null);
              change(next);
            }}
          />
          <ChoicesError what="the filters' choices" query={options} />
          {linkNotice === null ? null : (
            <Alert color="orange" role="status" withCloseButton onClose={() => setLinkRange(null)}>
              {linkNotice}
            </Alert>
          )}
          <Paper withBorder p="md">
            {waitingFor === null ? (
              <Stack gap="sm">
                <Results state={list.state} onToggle={list.select} onRetry={list.refresh} onPage={goToPage} />
                <Paging state={list.state} onPage={goToPage} />
              </Stack>
            ) : (
              <EmptyState text={waitingForFilterText(waitingFor)} />
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}
