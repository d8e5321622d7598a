import { formatShortCount } from '../../../shared/format/metrics';
import { refusalText } from '../../../shared/http/error-message';
import { Alert, Button, Checkbox, Group, Menu, Popover, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ProcessDefinition, ReconTransaction } from '@web-control/contract/finance';
import {
  EMPTY_RECON_QUERY,
  RESULTS_PAGE_SIZES,
  SORT_ENTRIES_MAX,
  TRANSACTION_ACTIONS,
  transactionActionBodySchema,
  type TransactionAction,
} from '@web-control/contract/finance-results';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { openModal } from '../../../shared/modals/modal-store';
import { usePreloadModalsWhenIdle } from '../../../shared/modals/preload';
import { CONFIRM_TITLE } from '../../../shared/modals/standard-modals';
import { useCan } from '../../../shared/session/permissions';
import { useAccount } from '../../../shared/session/session-state';
import { PagedList, type PagedListTexts } from '../../../shared/ui/paged-list';
import { totalRecordsOf, type PageState } from '../../../shared/ui/paging';
import { cycleSort } from '../../../shared/ui/table-rules';
import { useUrlFilters } from '../../../shared/url/use-list-url-state';
import {
  useRowSelection,
  type RowSelectionControl,
  type SortingControl,
} from '../../../shared/ui/use-table-controls';
import { downloadTransactions } from '../api/download-transactions';
import { useProcessSnapshot } from '../api/get-process-snapshot';
import { useReconTransactions } from '../api/get-recon-transactions';
import { useSubmitTransactionAction, type ActionTarget } from '../api/submit-transaction-action';
import { commentModal } from '../../../shared/modals/comment-modal-definition';
import { COMMENT_PLACEHOLDER } from '../messages';
import { FINANCE_MESSAGES } from '../messages';
import {
  ACTION_LABELS,
  SELECT_PARTY,
  CORRECT_PARTY,
  byFilterConfirmText,
  byKeyConfirmText,
  CLEAR_SELECTION,
  DOWNLOAD_ALL,
  MANAGE_SELECTED,
  resolveText,
  RESULTS_MESSAGES,
  RESULTS_TABLE_LABEL,
  SELECT_ALL_TRANSACTIONS,
  TRY_AGAIN,
} from './constants';
import { FilterPanel } from './filter-panel';
import { actionsForFilter, actionsForRows, selectionOf } from './manage-actions';
import { filterFieldsOf, resultsColumns } from './results-columns';
import {
  pageOf,
  readView,
  RESULTS_VIEW_CODEC,
  sortingOf,
  withFilters,
  withPage,
  withPageSize,
  withSorting,
  withStatus,
  type ResultsView,
} from './results-view';
import { selectAllOfferOf, selectedCountOf } from './select-all';
import { linkedStatusText, STATUS_OPTION_LABELS, STATUS_OPTIONS, statusOptionOf } from './status-options';
import { useColumnChoices } from './use-column-choices';
import { CopyLinkButton } from '../../../shared/url/copy-link-button';

const ACTION_MODALS = [commentModal];

const NO_TRANSACTIONS: ReconTransaction[] = [];

const LIST_TEXTS: PagedListTexts = {
  loading: 'Loading recon results',
  failed: RESULTS_MESSAGES.failed,
  empty: RESULTS_MESSAGES.empty,
  pages: 'Transaction pages',
  retry: TRY_AGAIN,
  pageSize: 'Rows per page',
};

/**
 * Row selection plus "every filtered transaction": both start empty whenever the list changes
 * (a new page, filter, sort or answer).
 */
function useResultsSelection(rows: readonly ReconTransaction[]) {
  const rowSelection = useRowSelection(rows);
  const [allFor, setAllFor] = useState<readonly ReconTransaction[] | null>(null);
  const allFiltered = allFor === rows;
  const control: RowSelectionControl = allFiltered
    ? {
        selected: Object.fromEntries(rows.map((row) => [row.id, true])),
        click: (rowIds, rowId, shift) => {
          setAllFor(null);
          rowSelection.click(rowIds, rowId, shift);
        },
        clear: () => {
          setAllFor(null);
          rowSelection.clear();
        },
      }
    : rowSelection;
  const selectedRows = rows.filter((row) => control.selected[row.id] === true);
  return {
    control,
    allFiltered,
    selectedRows,
    selectAll: () => setAllFor(rows),
    clear: control.clear,
  };
}

function ColumnsDropdown({
  columns,
  visibility,
  setVisible,
}: {
  columns: { id: string; header: string }[];
  visibility: Record<string, boolean>;
  setVisible: (id: string, visible: boolean) => void;
}) {
  return (
    <Popover position="bottom-start" shadow="md">
      <Popover.Target>
        <Button variant="default">Columns</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label="Columns">
          {columns.map((column) => (
            <Checkbox
              key={column.id}
              label={column.header}
              checked={visibility[column.id] !== false}
              onChange={(event) => setVisible(column.id, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function MatchStatusLine({ processId }: { processId: number }) {
  const snapshot = useProcessSnapshot(processId);
  const stats = snapshot.data?.reconStats;
  // A line is kept for the figures while they load, so the filters below don't jump when they come.
  if (snapshot.isPending) {
    return (
      <Text size="sm" aria-hidden>
        {'\u00a0'}
      </Text>
    );
  }
  if (!stats) return null;
  return (
    <Text size="sm" c="dimmed" aria-label="Process match status">
      {/* Recon counts in short notation (section 9), as the process card writes them. */}
      {`Matched ${formatShortCount(stats.matched)} · Unmatched ${formatShortCount(stats.unmatched)} · Partially matched ${formatShortCount(stats.partial)} · Rejected ${formatShortCount(stats.rejected)}`}
    </Text>
  );
}

async function downloadAll(processId: number, view: ResultsView) {
  try {
    await downloadTransactions(processId, selectionOf(view));
  } catch (error) {
    notifications.show({ color: 'red', message: refusalText(error, FINANCE_MESSAGES.downloadFailed) });
  }
}

/** The Recon tab: the process's transactions as the URL's query says (so the view is a link). */
export function ResultsTab({ process }: { process: ProcessDefinition }) {
  const { username } = useAccount();
  const can = useCan();
  const { settled: view, change } = useUrlFilters({
    codec: RESULTS_VIEW_CODEC,
    defaults: () => EMPTY_RECON_QUERY,
    // The offset is the view's own: each `with…` below says whether a change keeps it.
    pageParams: [],
  });
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();
  const linkError = useMemo(() => readView(search).error, [search]);
  // A view replaces the last one whole: a status it leaves out is none (Issue has no match status).
  const setView = (next: ResultsView) =>
    change({ matchStatus: undefined, settlementStatus: undefined, ...next });
  // The filter panel is drawn afresh for each filter (its rows are the link's): after its own Apply,
  // the keyboard goes on from the new panel's Apply rather than from the page.
  const filtersKey = JSON.stringify(view.filters);
  // The filters the panel applied, until the view shows them (a link that then does not read shows
  // others, and a later view is not the panel's).
  const appliedFromPanel = useRef<string | null>(null);
  const applyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const applied = appliedFromPanel.current;
    appliedFromPanel.current = null;
    if (applied === filtersKey) applyButton.current?.focus();
  }, [filtersKey]);
  // The paging is part of the view, in the URL with the filters and the sort.
  const paging: PageState = {
    page: pageOf(view),
    size: view.limit,
    setPage: (page) => setView(withPage(view, page)),
    setSize: (size) => setView(withPageSize(view, size)),
  };

  const transactions = useReconTransactions(process.id, view);
  const rows = transactions.data?.transactions ?? NO_TRANSACTIONS;
  const totalRecords = transactions.data?.paginationInfo.totalRecords ?? 0;
  const selection = useResultsSelection(rows);
  const submit = useSubmitTransactionAction();

  const columns = useMemo(() => resultsColumns(process, can), [process, can]);
  const filterFields = useMemo(() => filterFieldsOf(process), [process]);
  const columnChoices = useColumnChoices(username ?? '', process.id);

  const sorting = sortingOf(view.sortBy);
  const sortControl: SortingControl = {
    sorting,
    toggle: (columnId, multi) => {
      const next = cycleSort(sorting, columnId, multi);
      if (next.length <= SORT_ENTRIES_MAX) setView(withSorting(view, next));
    },
  };

  const counts = {
    allFiltered: selection.allFiltered,
    selectedOnPage: selection.selectedRows.length,
    rowsOnPage: rows.length,
    totalRecords,
  };
  const offer = selectAllOfferOf(counts);
  const selectedCount = selectedCountOf(counts);
  const allowed = selection.allFiltered ? actionsForFilter(view) : actionsForRows(selection.selectedRows);

  async function confirm(action: TransactionAction) {
    const byFilter = selection.allFiltered;
    const text =
      action === 'resolve'
        ? resolveText(selectedCount)
        : byFilter
          ? byFilterConfirmText(action)
          : byKeyConfirmText(action, selectedCount);
    const chosen = selection.selectedRows;
    const target: ActionTarget = byFilter
      ? { kind: 'filter', selection: selectionOf(view), selected: selectedCount }
      : {
          kind: 'keys',
          transactionKeys: chosen.map((row) => ({ id: row.id, createdDateTime: row.createdDateTime })),
        };
    const sent = await openModal(commentModal, {
      title: CONFIRM_TITLE,
      text,
      placeholder: COMMENT_PLACEHOLDER,
      confirmLabel: ACTION_LABELS[action],
      confirmColor: action === 'reject' ? 'red' : undefined,
      schema: transactionActionBodySchema.shape.comment,
      choice:
        action === 'resolve'
          ? {
              label: CORRECT_PARTY,
              options: Object.entries(process.parties).map(([id, name]) => ({ value: id, label: name })),
              missingText: SELECT_PARTY,
            }
          : undefined,
      apply: (comment, party) =>
        submit.mutateAsync({
          processId: process.id,
          action,
          target,
          comment,
          partyId: action === 'resolve' ? Number(party) : undefined,
        }),
    });
    if (sent) selection.clear();
  }

  const canSubmit = can('SUBMIT_ACTIONS');
  usePreloadModalsWhenIdle(ACTION_MODALS, canSubmit);

  return (
    <Stack>
      {linkError ? (
        <Alert color="yellow" role="status">
          {RESULTS_MESSAGES.linkUnreadable(linkError)}
        </Alert>
      ) : null}
      <Radio.Group
        label="Status"
        // A link's statuses that no option gives check none, and are said.
        value={linkedStatusText(view) === null ? statusOptionOf(view) : null}
        description={linkedStatusText(view)}
        onChange={(value) => setView(withStatus(view, value))}
      >
        <Group mt="xs">
          {STATUS_OPTIONS.map((option) => (
            <Radio key={option} value={option} label={STATUS_OPTION_LABELS[option]} />
          ))}
        </Group>
      </Radio.Group>
      <FilterPanel
        key={filtersKey}
        fields={filterFields}
        filters={view.filters}
        onApply={(filters) => {
          appliedFromPanel.current = JSON.stringify(filters);
          setView(withFilters(view, filters));
        }}
        applyRef={applyButton}
      />
      <Group justify="space-between">
        <Group gap="xs">
          <ColumnsDropdown
            columns={columns}
            visibility={columnChoices.visibility}
            setVisible={columnChoices.setVisible}
          />
          {offer && canSubmit ? (
            <Button variant="subtle" onClick={offer === 'select-all' ? selection.selectAll : selection.clear}>
              {offer === 'select-all' ? SELECT_ALL_TRANSACTIONS : CLEAR_SELECTION}
            </Button>
          ) : null}
          {canSubmit ? (
            <Menu position="bottom-start">
              <Menu.Target>
                <Button variant="default" disabled={selectedCount === 0}>
                  {MANAGE_SELECTED}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {TRANSACTION_ACTIONS.map((action) => (
                  <Menu.Item
                    key={action}
                    disabled={!allowed.includes(action)}
                    onClick={() => void confirm(action)}
                  >
                    {ACTION_LABELS[action]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ) : null}
          {selectedCount > 0 ? <Text size="sm" aria-live="polite">{`${selectedCount} selected`}</Text> : null}
        </Group>
        <Group gap="xs">
          <CopyLinkButton />
          <Button variant="subtle" onClick={() => void downloadAll(process.id, view)}>
            {DOWNLOAD_ALL}
          </Button>
        </Group>
      </Group>
      <MatchStatusLine processId={process.id} />
      <PagedList
        query={transactions}
        paging={paging}
        texts={LIST_TEXTS}
        sizes={RESULTS_PAGE_SIZES}
        rowsOf={(data) => data.transactions}
        totalOf={totalRecordsOf}
        withEdges
        // The last page is not offered (specification 2, section 9).
        lastPageOffered={false}
        table={{
          columns,
          rowId: (transaction) => transaction.id,
          label: RESULTS_TABLE_LABEL,
          minWidth: Math.max(720, columns.length * 120),
          striped: true,
          sorting: sortControl,
          manualSorting: true,
          selection: selection.control,
          columnVisibility: columnChoices,
        }}
      />
    </Stack>
  );
}
