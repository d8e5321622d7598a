import { Button, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import type { Action } from '@web-control/contract/finance';
import dayjs from 'dayjs';
import { useState } from 'react';
import { formatShortCount } from '../../../shared/format/metrics';
import { errorMessageOf } from '../../../shared/http/error-message';
import { openModal } from '../../../shared/modals/modal-store';
import { useAccount } from '../../../shared/session/session-state';
import { QueryState } from '../../../shared/ui/query-state';
import { StatePill } from '../../../shared/ui/state-pill';
import { usePendingActions } from '../api/get-pending-actions';
import { useReviewAction, type ReviewDecision } from '../api/review-action';
import { commentModal } from '../components/comment-modal-definition';
import { FINANCE_MESSAGES } from '../messages';
import { pageCountOf, pageQueryOf } from '../paging';
import { describeAction, reviewQuestion } from './action-description';

/** Specification 2, section 9. */
export const APPROVALS_PAGE_SIZE = 10;
/** Approval dates: day/month/year hour:minute (section 9). */
const APPROVAL_DATE_FORMAT = 'DD/MM/YYYY HH:mm';
const DECISION_LABELS = { approve: 'Approve', reject: 'Reject' } as const;

function ActionItem({ action, canReview }: { action: Action; canReview: boolean }) {
  const review = useReviewAction();
  const description = describeAction(action);

  async function decide(decision: ReviewDecision) {
    const comment = await openModal(commentModal, {
      title: DECISION_LABELS[decision],
      text: `${reviewQuestion(decision, action)} Reason: "${action.comment}"`,
      confirmLabel: DECISION_LABELS[decision],
      confirmColor: decision === 'reject' ? 'red' : 'green',
    });
    if (comment !== undefined) review.mutate({ actionId: action.id, decision, comment });
  }

  return (
    <Paper withBorder p="sm" component="article" aria-label={description}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {action.processName}
          </Text>
          <Text fw={600}>{description}</Text>
          <Text size="sm">
            {`Requested by ${action.username} on ${dayjs(action.createdDate).format(APPROVAL_DATE_FORMAT)}: "${action.comment}"`}
          </Text>
          <Group gap="xs">
            {action.meta.selectionType ? <StatePill label={action.meta.selectionType} kind="info" /> : null}
            {action.type === 'ROLLBACK_FILE' && action.meta.records !== null ? (
              <StatePill label={`${formatShortCount(action.meta.records)} records`} kind="incomplete" />
            ) : null}
          </Group>
        </Stack>
        {canReview ? (
          <Group gap="xs">
            <Button size="xs" color="green" onClick={() => void decide('approve')} loading={review.isPending}>
              Approve
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => void decide('reject')}
              disabled={review.isPending}
            >
              Reject
            </Button>
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}

export function ApprovalsTab({ processId }: { processId: number }) {
  const { userPermissions, username } = useAccount();
  const [page, setPage] = useState(1);
  const actions = usePendingActions(processId, pageQueryOf(page, APPROVALS_PAGE_SIZE));
  const approver = userPermissions.includes('APPROVE_ACTIONS');
  return (
    <Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void actions.refetch()} loading={actions.isFetching}>
          Refresh
        </Button>
      </Group>
      <QueryState
        query={actions}
        loadingLabel="Loading approvals"
        errorText={errorMessageOf(actions.error, FINANCE_MESSAGES.approvalsFailed)}
        emptyText={FINANCE_MESSAGES.approvalsEmpty}
        isEmpty={(data) => data.actions.length === 0}
      >
        {(data) => (
          <Stack>
            {data.actions.map((action) => (
              // Nobody reviews their own request (four-eyes): the platform refuses it too.
              <ActionItem
                key={action.id}
                action={action}
                canReview={approver && action.username !== username}
              />
            ))}
            <Pagination
              total={pageCountOf(data.paginationInfo.totalRecords, APPROVALS_PAGE_SIZE)}
              value={page}
              onChange={setPage}
              aria-label="Approvals pages"
            />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
