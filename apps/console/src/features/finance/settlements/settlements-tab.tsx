import { refusalText } from '../../../shared/http/error-message';
import { Accordion, Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SettlementRun } from '@web-control/contract/finance-settlements';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { openModal } from '../../../shared/modals/modal-store';
import { confirmModal } from '../../../shared/modals/standard-modals';
import { FilterDateTime } from '../../../shared/forms/filter-date-time';
import { useCan } from '../../../shared/session/permissions';
import { PagedList, type PagedListTexts } from '../../../shared/ui/paged-list';
import { pageQueryOf, totalRecordsOf, type PageState } from '../../../shared/ui/paging';
import { EmptyState, ErrorState, LoadingState, QueryState } from '../../../shared/ui/query-state';
import { StatePill } from '../../../shared/ui/state-pill';
import { useCloseSettlement } from '../api/close-settlement';
import { downloadSettlementReport } from '../api/download-settlement-report';
import { useSettlement } from '../api/get-settlement';
import { useSettlements } from '../api/get-settlements';
import { useSettlementWaiting } from '../api/get-settlement-waiting';
import { formatMajorAmount } from '../../../shared/format/currency';
import { endOfDayOf, formatNumericSeconds } from '../../../shared/format/dates';
import { FINANCE_MESSAGES } from '../messages';
import {
  AGGREGATE_TOTALS,
  settlementTitle,
  SETTLEMENTS_DEBOUNCE_MS,
  SETTLEMENTS_MESSAGES,
  SETTLEMENTS_PAGE_SIZE,
  TBD,
} from './constants';
import {
  defaultSettlementFilters,
  settlementSearchOf,
  type SettlementFilters,
  type SettlementSearch,
} from './settlement-filters';
import { useListUrlState } from '../../../shared/url/use-list-url-state';
import { CopyLinkButton } from '../../../shared/url/copy-link-button';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button';
import { FilterGroup } from '../../../shared/ui/filter-group';
import { RefreshButton } from '../../../shared/ui/refresh-button';
import { financeKeys } from '../api/keys';
import { localMinuteParam, textParam, type UrlParams } from '../../../shared/url/url-params';
import { holdsRangeError, rangeErrorsOf } from '../../../shared/forms/minute-range';

function AggregateTotals({ settlementId }: { settlementId: number }) {
  const detail = useSettlement(settlementId);
  if (detail.isPending) return <LoadingState label="Loading aggregate totals" />;
  if (detail.isError) {
    return (
      <ErrorState
        text={SETTLEMENTS_MESSAGES.aggregatesFailed}
        retryLabel="Try again"
        onRetry={() => void detail.refetch()}
        error={detail.error}
      />
    );
  }
  const { aggregates, settlementRun } = detail.data;
  return (
    <Stack gap="xs">
      <Text fw={500}>{AGGREGATE_TOTALS}</Text>
      {aggregates.length === 0 ? (
        <Text size="sm" c="dimmed">
          {settlementRun.status === 'OPEN'
            ? SETTLEMENTS_MESSAGES.noTotalsYet
            : SETTLEMENTS_MESSAGES.noTransactions}
        </Text>
      ) : (
        <Table aria-label={`${settlementTitle(settlementId)} totals`} withRowBorders={false} maw={560}>
          <Table.Tbody>
            {aggregates.map((aggregate) => (
              <Table.Tr key={`${aggregate.name}-${aggregate.currency}`}>
                <Table.Th scope="row" fw={400}>
                  {aggregate.name}
                </Table.Th>
                <Table.Td ta="right">{formatMajorAmount(aggregate.amount, aggregate.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

async function downloadReport(settlementId: number) {
  try {
    await downloadSettlementReport(settlementId);
  } catch (error) {
    notifications.show({ color: 'red', message: refusalText(error, FINANCE_MESSAGES.downloadFailed) });
  }
}

function RunItem({ run, open, canClose }: { run: SettlementRun; open: boolean; canClose: boolean }) {
  const close = useCloseSettlement();
  const title = settlementTitle(run.id);

  async function confirmClose() {
    const confirmed = await openModal(confirmModal, {
      text: SETTLEMENTS_MESSAGES.closeConfirm(run.id),
      confirmLabel: 'Close run',
    });
    if (confirmed) close.mutate(run.id);
  }

  return (
    <Accordion.Item value={String(run.id)}>
      <Group wrap="nowrap" gap="xs" pr="sm">
        <Accordion.Control aria-label={title}>
          <Group gap="md">
            <Text fw={500}>{title}</Text>
            <StatePill label={run.status} kind={run.status === 'OPEN' ? 'success' : 'unavailable'} />
            <Text size="sm">{`Start: ${formatNumericSeconds(run.startDate)}`}</Text>
            <Text size="sm">{`End: ${run.endDate === null ? TBD : formatNumericSeconds(run.endDate)}`}</Text>
          </Group>
        </Accordion.Control>
        {run.status === 'CLOSED' ? (
          <Button
            size="xs"
            variant="subtle"
            onClick={() => void downloadReport(run.id)}
            aria-label={`Download report of ${title}`}
          >
            Download report
          </Button>
        ) : null}
        {run.status === 'OPEN' && canClose ? (
          <Button
            size="xs"
            variant="light"
            color="orange"
            loading={close.isPending}
            onClick={() => void confirmClose()}
            aria-label={`Close run ${title}`}
          >
            Close run
          </Button>
        ) : null}
      </Group>
      <Accordion.Panel>{open ? <AggregateTotals settlementId={run.id} /> : null}</Accordion.Panel>
    </Accordion.Item>
  );
}

function RunList({ runs, canClose }: { runs: SettlementRun[]; canClose: boolean }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Accordion value={open} onChange={setOpen} variant="separated">
      {runs.map((run) => (
        <RunItem key={run.id} run={run} open={open === String(run.id)} canClose={canClose} />
      ))}
    </Accordion>
  );
}

interface RunByIdProps {
  processId: number;
  settlementId: number;
  canClose: boolean;
}

/** One run of this process by its id: the id replaces the other filters, not the process. */
function RunById({ processId, settlementId, canClose }: RunByIdProps) {
  const detail = useSettlement(settlementId);
  return (
    <QueryState
      query={detail}
      loadingLabel="Loading settlements"
      errorText={SETTLEMENTS_MESSAGES.failed}
      notFoundText={SETTLEMENTS_MESSAGES.empty}
    >
      {(data) =>
        // Run ids are shared by every process: another process's run is not found here.
        data.settlementRun.processId === processId ? (
          <RunList runs={[data.settlementRun]} canClose={canClose} />
        ) : (
          <EmptyState text={SETTLEMENTS_MESSAGES.empty} />
        )
      }
    </QueryState>
  );
}

interface SettlementResultsProps {
  processId: number;
  search: SettlementSearch;
  /** The range has an error at its field: nothing is asked until it is corrected. */
  rangeWaits: boolean;
  runs: ReturnType<typeof useSettlements>;
  paging: PageState;
  canClose: boolean;
}

/** The runs by day, one run by its id, or why there is nothing to show yet. */
function SettlementResults({
  processId,
  search,
  rangeWaits,
  runs,
  paging,
  canClose,
}: SettlementResultsProps) {
  if (search.kind === 'invalid-id') return <EmptyState text={SETTLEMENTS_MESSAGES.waitingForId} />;
  if (rangeWaits) return <EmptyState text={SETTLEMENTS_MESSAGES.waitingForRange} />;
  if (search.kind === 'id')
    return <RunById processId={processId} settlementId={search.settlementId} canClose={canClose} />;
  return (
    <PagedList
      query={runs}
      paging={paging}
      texts={LIST_TEXTS}
      rowsOf={(data) => data.settlementRuns}
      totalOf={totalRecordsOf}
    >
      {(rows) => <RunList runs={rows} canClose={canClose} />}
    </PagedList>
  );
}

/** Matched transactions no run holds yet: said, so that none waits a day unseen after a close. */
function WaitingToSettle({ processId }: { processId: number }) {
  const waiting = useSettlementWaiting(processId);
  if (waiting.isError) {
    return (
      <Text size="sm" c="dimmed">
        {SETTLEMENTS_MESSAGES.waitingFailed}
      </Text>
    );
  }
  if (waiting.data === undefined || waiting.data.transactionCount === 0) return null;
  const { transactionCount, todaysRun, nextRunFrom } = waiting.data;
  return (
    <Alert color={todaysRun?.status === 'CLOSED' ? 'orange' : 'blue'} role="status">
      {SETTLEMENTS_MESSAGES.waiting(transactionCount, todaysRun, nextRunFrom)}
    </Alert>
  );
}

const LIST_TEXTS: PagedListTexts = {
  loading: 'Loading settlements',
  failed: SETTLEMENTS_MESSAGES.failed,
  empty: SETTLEMENTS_MESSAGES.empty,
  pages: 'Settlement pages',
};

const SETTLEMENT_URL_PARAMS: UrlParams<SettlementFilters> = {
  from: localMinuteParam(),
  to: localMinuteParam(),
  settlementId: textParam(),
};

/** The Settlement tab (RECON_SETTLEMENT): the process's runs by day, or one by its id. */
export function SettlementsTab({ processId }: { processId: number }) {
  const canClose = useCan()('FINALISE_SETTLEMENTS');
  const { filters, settled, change, paging } = useListUrlState({
    params: SETTLEMENT_URL_PARAMS,
    defaults: () => defaultSettlementFilters(new Date()),
    size: SETTLEMENTS_PAGE_SIZE,
    debounceMs: SETTLEMENTS_DEBOUNCE_MS,
  });
  // An id typed that is none waits at once: a card number never reaches the address to be read back.
  const typedSearch = settlementSearchOf(filters);
  // An id typed replaces the dates (section 5): they are not in use while it is there.
  const byId = typedSearch.kind === 'id';
  const search = typedSearch.kind === 'invalid-id' ? typedSearch : settlementSearchOf(settled);
  // A range To before From (or in the future) is said at its field, and waits to be corrected.
  const now = new Date();
  const rangeErrors = byId ? { from: null, to: null } : rangeErrorsOf(filters, now);
  const rangeWaits = search.kind === 'range' && holdsRangeError(settled, now);
  const range = search.kind === 'range' && !rangeWaits ? search : undefined;
  const runsFilter = {
    processId,
    fromDateTimeInclusive: range?.fromDateTimeInclusive,
    toDateTimeInclusive: range?.toDateTimeInclusive,
  };
  const runs = useSettlements({ ...runsFilter, ...pageQueryOf(paging) }, range !== undefined);
  // The runs, an open run's totals and what waits to settle: others close runs and the job adds to them.
  const queryClient = useQueryClient();
  const refreshing = useIsFetching({ queryKey: financeKeys.settlements() }) > 0;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: financeKeys.settlements() });

  return (
    <Stack>
      <WaitingToSettle processId={processId} />
      <FilterGroup role="search" aria-label="Settlement filters">
        <FilterDateTime
          label="From"
          maxDate={endOfDayOf(new Date())}
          disabled={byId}
          value={filters.from}
          error={rangeErrors.from}
          onChange={(from) => change({ from })}
        />
        <FilterDateTime
          label="To"
          maxDate={endOfDayOf(new Date())}
          disabled={byId}
          value={filters.to}
          error={rangeErrors.to}
          onChange={(to) => change({ to })}
        />
        <TextInput
          label="Settlement ID"
          inputMode="numeric"
          value={filters.settlementId}
          description={byId ? SETTLEMENTS_MESSAGES.idReplacesDates : undefined}
          error={typedSearch.kind === 'invalid-id' ? SETTLEMENTS_MESSAGES.invalidId : null}
          onChange={(event) => change({ settlementId: event.currentTarget.value })}
        />
        <Button variant="default" onClick={() => change(defaultSettlementFilters(new Date()))}>
          Clear
        </Button>
        <CopyLinkButton />
        <ExportCsvButton
          list="finance-settlements"
          disabled={search.kind === 'invalid-id' || rangeWaits}
          filter={search.kind === 'id' ? { processId, settlementId: search.settlementId } : runsFilter}
        />
        <RefreshButton fetching={refreshing} onRefresh={refresh} />
      </FilterGroup>
      <SettlementResults
        processId={processId}
        search={search}
        rangeWaits={rangeWaits}
        runs={runs}
        paging={paging}
        canClose={canClose}
      />
    </Stack>
  );
}
