import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import type { Action, ProcessDefinition, ReconRecord, ReconTransaction } from '@web-control/contract/finance';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatNumericMinute } from '../../../shared/format/dates';
import { openModal } from '../../../shared/modals/modal-store';
import { alertModal } from '../../../shared/modals/standard-modals';
import { useAccount } from '../../../shared/session/session-state';
import type { DataTableColumn } from '../../../shared/ui/data-table';
import { PagedList, type PagedListTexts } from '../../../shared/ui/paged-list';
import { pageQueryOf, totalRecordsOf, type PageState } from '../../../shared/ui/paging';
import { usePageState } from '../../../shared/ui/use-page-state';
import { formatFieldValue } from '../components/field-value';
import { LoadingState } from '../../../shared/ui/query-state';
import { useActionMetadata } from '../api/get-action-metadata';
import { useActionTransactions } from '../api/get-action-transactions';
import { processPath } from '../paths';
import { describeAction } from './action-description';
import {
  APPROVAL_DETAIL_TEXTS,
  APPROVAL_TRANSACTIONS_PAGE_SIZE,
  MATCH_STATUS_LABELS,
  SETTLEMENT_STATUS_LABELS,
} from './constants';
import { formatRequestFilter, requestFiltersOf } from './request-filters';
import { useReviewDecision } from './use-review-decision';

/** One party's record with the transaction it belongs to: the table shows every party's values. */
interface RecordRow {
  transaction: ReconTransaction;
  record: ReconRecord;
  index: number;
}

/** A MATCHED transaction scoring below 100 shows as partially matched (section 4). */
function matchLabelOf(transaction: ReconTransaction): string {
  if (transaction.matchStatus === 'MATCHED' && transaction.score < 100)
    return MATCH_STATUS_LABELS.PARTIALLY_MATCHED;
  return MATCH_STATUS_LABELS[transaction.matchStatus];
}

/**
 * The results table's columns, read-only: no selection, downloads or sorting (section 2). Matched,
 * Party and Settlement only for a process of several parties; Settlement also needs RECON_SETTLEMENT.
 */
function transactionColumns(
  process: ProcessDefinition,
  permissions: readonly string[],
): DataTableColumn<RecordRow>[] {
  const severalParties = Object.keys(process.parties).length > 1;
  const columns: Array<DataTableColumn<RecordRow> | false> = [
    { id: 'id', header: 'ID', rowHeader: true, cell: (row) => row.transaction.id },
    severalParties && { id: 'matchStatus', header: 'Matched', cell: (row) => matchLabelOf(row.transaction) },
    severalParties &&
      permissions.includes('RECON_SETTLEMENT') && {
        id: 'settlementStatus',
        header: 'Settlement',
        cell: (row) => SETTLEMENT_STATUS_LABELS[row.transaction.settlementStatus],
      },
    { id: 'score', header: 'Score', align: 'right', cell: (row) => `${row.transaction.score}%` },
    severalParties && {
      id: 'party',
      header: 'Party',
      cell: (row) => process.parties[String(row.record.partyId)] ?? String(row.record.partyId),
    },
    ...process.fields.map((field): DataTableColumn<RecordRow> => ({
      id: `field-${field.name}`,
      header: field.displayName,
      cell: (row) => formatFieldValue(field, row.record),
    })),
  ];
  return columns.filter((column) => column !== false);
}

function recordRowsOf(transactions: ReconTransaction[]): RecordRow[] {
  return transactions.flatMap((transaction) =>
    transaction.records.map((record, index) => ({ transaction, record, index })),
  );
}

interface ActionTransactionsProps {
  process: ProcessDefinition;
  transactions: ReturnType<typeof useActionTransactions>;
  paging: PageState;
}

const LIST_TEXTS: PagedListTexts = {
  loading: 'Loading transactions',
  failed: APPROVAL_DETAIL_TEXTS.errorText,
  empty: APPROVAL_DETAIL_TEXTS.transactionsEmpty,
  pages: 'Transactions pages',
};

function ActionTransactions({ process, transactions, paging }: ActionTransactionsProps) {
  const { userPermissions } = useAccount();
  return (
    <PagedList
      query={transactions}
      paging={paging}
      texts={LIST_TEXTS}
      rowsOf={(data) => recordRowsOf(data.transactions)}
      totalOf={totalRecordsOf}
      table={{
        columns: transactionColumns(process, userPermissions),
        rowId: (row) => `${row.transaction.id}-${row.index}`,
        label: APPROVAL_DETAIL_TEXTS.transactionsLabel,
        minWidth: 700,
        striped: true,
      }}
    />
  );
}

/** The warning box: what is asked, the quoted reason, who asked and, by filter, the filters. */
function ActionSummary({ action }: { action: Action }) {
  const filters = action.meta.selectionType ? requestFiltersOf(action.meta.requestUrl) : [];
  return (
    <Alert color="yellow" role="note" title={describeAction(action)}>
      <Stack gap={4}>
        <Text size="sm">{`"${action.comment}"`}</Text>
        <Text size="sm">
          {APPROVAL_DETAIL_TEXTS.requestedBy(action.username, formatNumericMinute(action.createdDate))}
        </Text>
        {filters.length > 0 ? (
          <>
            <Text size="sm" fw={600}>
              {APPROVAL_DETAIL_TEXTS.filters}
            </Text>
            <List size="sm" aria-label={APPROVAL_DETAIL_TEXTS.filters}>
              {filters.map((filter) => (
                <List.Item key={filter.name}>{formatRequestFilter(filter)}</List.Item>
              ))}
            </List>
          </>
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * The approval detail (/processes/{id}/approvals/{actionId}): the action and its transactions load
 * separately; either failing opens the catalogue's 'Oops!' modal whose Back returns to the list.
 */
export function ApprovalDetail({ process }: { process: ProcessDefinition }) {
  const actionId = useParams().actionId ?? '';
  const navigate = useNavigate();
  const { userPermissions, username } = useAccount();
  const listPath = processPath(process.id, 'approvals');
  const backToList = () => void navigate(listPath);
  const review = useReviewDecision(backToList);
  const paging = usePageState({ size: APPROVAL_TRANSACTIONS_PAGE_SIZE });
  const metadata = useActionMetadata(process.id, actionId);
  const transactions = useActionTransactions(process.id, actionId, pageQueryOf(paging));
  const failed = metadata.isError || transactions.isError;
  const reported = useRef(false);

  useEffect(() => {
    if (!failed || reported.current) return;
    reported.current = true;
    void openModal(alertModal, {
      title: APPROVAL_DETAIL_TEXTS.errorTitle,
      text: APPROVAL_DETAIL_TEXTS.errorText,
      buttonLabel: APPROVAL_DETAIL_TEXTS.back,
    }).then(() => navigate(listPath));
  }, [failed, listPath, navigate]);

  const action = metadata.data?.action;
  // A finance request's author is its requester; nobody reviews their own (four-eyes), and the
  // platform refuses it too.
  const approver = action !== undefined && userPermissions.includes('APPROVE_ACTIONS');
  const canReview = approver && action.username !== username;
  const ownRequest = approver && action.username === username;
  return (
    <Stack>
      <Group justify="space-between">
        <Button variant="default" onClick={backToList}>
          {APPROVAL_DETAIL_TEXTS.back}
        </Button>
        {canReview ? (
          <Group gap="xs">
            <Button
              color="green"
              onClick={() => void review.decide(action, 'approve')}
              loading={review.isPending}
            >
              Approve
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => void review.decide(action, 'reject')}
              disabled={review.isPending}
            >
              Reject
            </Button>
          </Group>
        ) : null}
      </Group>
      {ownRequest ? <Text size="sm">{APPROVAL_DETAIL_TEXTS.ownChanges}</Text> : null}
      {metadata.isPending ? <LoadingState label="Loading approval" /> : null}
      {action ? <ActionSummary action={action} /> : null}
      {failed ? null : <ActionTransactions process={process} transactions={transactions} paging={paging} />}
    </Stack>
  );
}
