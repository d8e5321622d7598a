import { Anchor, Button, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import type { Action } from '@web-control/contract/finance';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatNumericMinute } from '../../../shared/format/dates';
import { formatShortCount } from '../../../shared/format/metrics';
import { useCan } from '../../../shared/session/permissions';
import { useAccount } from '../../../shared/session/session-state';
import { QueryState } from '../../../shared/ui/query-state';
import { StatePill } from '../../../shared/ui/state-pill';
import { usePendingActions } from '../api/get-pending-actions';
import { FINANCE_MESSAGES } from '../messages';
import { pageCountOf, pageQueryOf } from '../paging';
import { approvalPath } from '../paths';
import { describeAction } from './action-description';
import { ACTION_TYPES_WITH_DETAILS, APPROVAL_DETAIL_TEXTS, APPROVALS_PAGE_SIZE } from './constants';
import { useReviewDecision } from './use-review-decision';

function ActionItem({
  action,
  canReview,
  ownRequest,
}: {
  action: Action;
  canReview: boolean;
  ownRequest: boolean;
}) {
  const review = useReviewDecision();
  const description = describeAction(action);

  return (
    <Paper withBorder p="sm" component="article" aria-label={description}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {action.processName}
          </Text>
          {ACTION_TYPES_WITH_DETAILS.includes(action.type) ? (
            <Anchor component={Link} to={approvalPath(action.processId, action.id)} fw={600}>
              {description}
            </Anchor>
          ) : (
            <Text fw={600}>{description}</Text>
          )}
          <Text size="sm">
            {`Requested by ${action.username} on ${formatNumericMinute(action.createdDate)}: "${action.comment}"`}
          </Text>
          <Group gap="xs">
            {action.meta.selectionType ? <StatePill label={action.meta.selectionType} kind="info" /> : null}
            {action.type === 'ROLLBACK_FILE' && action.meta.records !== null ? (
              <StatePill label={`${formatShortCount(action.meta.records)} records`} kind="incomplete" />
            ) : null}
          </Group>
          {ownRequest ? <Text size="sm">{APPROVAL_DETAIL_TEXTS.ownChanges}</Text> : null}
        </Stack>
        {canReview ? (
          <Group gap="xs">
            <Button
              size="xs"
              color="green"
              onClick={() => void review.decide(action, 'approve')}
              loading={review.isPending}
            >
              Approve
            </Button>
            <Button
              size="xs"
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
    </Paper>
  );
}

export function ApprovalsTab({ processId }: { processId: number }) {
  const { username } = useAccount();
  const can = useCan();
  const [page, setPage] = useState(1);
  const actions = usePendingActions(processId, pageQueryOf(page, APPROVALS_PAGE_SIZE));
  const approver = can('APPROVE_ACTIONS');
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
        errorText={FINANCE_MESSAGES.approvalsFailed}
        emptyText={FINANCE_MESSAGES.approvalsEmpty}
        isEmpty={(data) => data.actions.length === 0}
      >
        {(data) => (
          <Stack>
            {data.actions.map((action) => (
              // A finance request's author is its requester; nobody reviews their own (four-eyes),
              // and the platform refuses it too.
              <ActionItem
                key={action.id}
                action={action}
                canReview={approver && action.username !== username}
                ownRequest={approver && action.username === username}
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
