import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { type ProcessDefinition } from '@web-control/contract/finance';
import { describeAction, type Action } from '@web-control/contract/finance-actions';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { formatNumericMinute } from '../../../shared/format/dates';
import { openModal } from '../../../shared/modals/modal-store';
import { alertModal } from '../../../shared/modals/standard-modals';
import { useCan } from '../../../shared/session/permissions';
import { useAccount } from '../../../shared/session/session-state';
import { PagedList, type PagedListTexts } from '../../../shared/ui/paged-list';
import { pageQueryOf, totalRecordsOf, type PageState } from '../../../shared/ui/paging';
import { usePageState } from '../../../shared/ui/use-page-state';
import { LoadingState } from '../../../shared/ui/query-state';
import { useActionMetadata } from '../api/get-action-metadata';
import { useActionTransactions } from '../api/get-action-transactions';
import { processPath } from '../paths';
import { resultsColumns } from '../results/results-columns';
import { ActionFileDetails } from './action-file';
import { APPROVAL_DETAIL_TEXTS, APPROVAL_TRANSACTIONS_PAGE_SIZE } from './constants';
import { describeRequestFilters } from './request-filters';
import { useReviewDecision } from './use-review-decision';

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
  const can = useCan();
  const columns = useMemo(() => resultsColumns(process, can), [process, can]);
  return (
    <PagedList
      query={transactions}
      paging={paging}
      texts={LIST_TEXTS}
      rowsOf={(data) => data.transactions}
      totalOf={totalRecordsOf}
      table={{
        columns,
        rowId: (transaction) => transaction.id,
        label: APPROVAL_DETAIL_TEXTS.transactionsLabel,
        minWidth: 700,
        striped: true,
      }}
    />
  );
}

/** The warning box: what is asked, the quoted reason, who asked and, by filter, the filters. */
function ActionSummary({ action, process }: { action: Action; process: ProcessDefinition }) {
  const filters = action.meta.selectionType ? describeRequestFilters(action.meta.requestUrl, process) : [];
  return (
    // Orange, not yellow: a light yellow alert's title reads under 4.5:1 (axe), the theme's orange 5:1.
    <Alert color="orange" role="note" title={describeAction(action)}>
      <Stack gap={4}>
        <Text size="sm">{`"${action.comment}"`}</Text>
        <Text size="sm">
          {APPROVAL_DETAIL_TEXTS.requestedBy(action.username, formatNumericMinute(action.createdDate))}
        </Text>
        {action.meta.partyName == null ? null : (
          <Text size="sm">{APPROVAL_DETAIL_TEXTS.correctParty(action.meta.partyName)}</Text>
        )}
        {filters.length > 0 ? (
          <>
            <Text size="sm" fw={600}>
              {APPROVAL_DETAIL_TEXTS.filters}
            </Text>
            <List size="sm" aria-label={APPROVAL_DETAIL_TEXTS.filters}>
              {filters.map((filter) => (
                <List.Item key={filter}>{filter}</List.Item>
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
  const { username } = useAccount();
  const can = useCan();
  // Opened from the reviews inbox, a decision (or Back) returns there.
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const listPath =
    typeof from === 'string' && from.startsWith('/dashboard/') ? from : processPath(process.id, 'approvals');
  const backToList = () => void navigate(listPath);
  const decision = useReviewDecision(backToList);
  const paging = usePageState({ size: APPROVAL_TRANSACTIONS_PAGE_SIZE });
  const metadata = useActionMetadata(process.id, actionId);
  const transactions = useActionTransactions(process.id, actionId, pageQueryOf(paging));
  // A failed refresh of a request already shown keeps it: only a first load failing is the catalogue's.
  const failed = metadata.isLoadingError || transactions.isError;
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
  const review = metadata.data?.review;
  const file = metadata.data?.file ?? null;
  // An upload waiting for approval has no transactions yet; its file's details stand for them.
  const awaitingLoad = file?.status === 'REGISTERED';
  // A finance request's author is its requester; nobody reviews their own (four-eyes), and the
  // platform refuses it too.
  const approver = action !== undefined && review?.status === 'pending' && can('APPROVE_ACTIONS');
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
              onClick={() => void decision.decide(action, 'approve')}
              loading={decision.isPending}
            >
              Approve
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => void decision.decide(action, 'reject')}
              disabled={decision.isPending}
            >
              Reject
            </Button>
          </Group>
        ) : null}
      </Group>
      {ownRequest ? <Text size="sm">{APPROVAL_DETAIL_TEXTS.ownChanges}</Text> : null}
      {review === undefined || review.status === 'pending' ? null : (
        <Alert color="gray" role="status">
          {APPROVAL_DETAIL_TEXTS.reviewed(
            review.status,
            review.reviewerUsername,
            review.reviewedDate === null ? null : formatNumericMinute(review.reviewedDate),
          )}
        </Alert>
      )}
      {metadata.isPending ? <LoadingState label="Loading approval" /> : null}
      {action ? <ActionSummary action={action} process={process} /> : null}
      {file ? <ActionFileDetails file={file} /> : null}
      {failed ? null : awaitingLoad ? (
        <Text size="sm">{APPROVAL_DETAIL_TEXTS.loadsWhenApproved}</Text>
      ) : (
        <ActionTransactions process={process} transactions={transactions} paging={paging} />
      )}
    </Stack>
  );
}
