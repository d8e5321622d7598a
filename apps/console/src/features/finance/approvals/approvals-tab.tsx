import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { describeAction, type Action } from '@web-control/contract/finance-actions';
import { Link } from 'react-router';
import { formatNumericMinute } from '../../../shared/format/dates';
import { formatShortCount } from '../../../shared/format/metrics';
import { useCan } from '../../../shared/session/permissions';
import { useAccount } from '../../../shared/session/session-state';
import { PagedList, type PagedListTexts } from '../../../shared/ui/paged-list';
import { pageQueryOf, totalRecordsOf } from '../../../shared/ui/paging';
import { usePageState } from '../../../shared/ui/use-page-state';
import { StatePill } from '../../../shared/ui/state-pill';
import { LiveControl } from '../../../shared/live/live-control';
import { usePendingActions } from '../api/get-pending-actions';
import { FINANCE_MESSAGES } from '../messages';
import { approvalPath } from '../paths';
import { APPROVAL_DETAIL_TEXTS, APPROVALS_PAGE_SIZE, selectionTypeLabel } from './constants';
import { useReviewDecision } from './use-review-decision';
import { CopyLinkButton } from '../../../shared/url/copy-link-button';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button';
import { RefreshButton } from '../../../shared/ui/refresh-button';

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
          <Anchor component={Link} to={approvalPath(action.processId, action.id)} fw={600}>
            {description}
          </Anchor>
          <Text size="sm">
            {`Requested by ${action.username} on ${formatNumericMinute(action.createdDate)}: "${action.comment}"`}
          </Text>
          {action.meta.partyName == null ? null : (
            <Text size="sm">{APPROVAL_DETAIL_TEXTS.correctParty(action.meta.partyName)}</Text>
          )}
          <Group gap="xs">
            {action.meta.selectionType ? (
              <StatePill label={selectionTypeLabel(action.meta.selectionType)} kind="info" />
            ) : null}
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

const LIST_TEXTS: PagedListTexts = {
  loading: 'Loading approvals',
  failed: FINANCE_MESSAGES.approvalsFailed,
  empty: FINANCE_MESSAGES.approvalsEmpty,
  pages: 'Approvals pages',
};

export function ApprovalsTab({ processId }: { processId: number }) {
  const { username } = useAccount();
  const can = useCan();
  const paging = usePageState({ size: APPROVALS_PAGE_SIZE });
  const actions = usePendingActions(processId, pageQueryOf(paging));
  const approver = can('APPROVE_ACTIONS');
  return (
    <Stack>
      <Group justify="flex-end" gap="xs">
        <LiveControl />
        <CopyLinkButton />
        <ExportCsvButton list="finance-approvals" filter={{ processId }} />
        <RefreshButton fetching={actions.isFetching} onRefresh={() => void actions.refetch()} />
      </Group>
      <PagedList
        query={actions}
        paging={paging}
        texts={LIST_TEXTS}
        rowsOf={(data) => data.actions}
        totalOf={totalRecordsOf}
      >
        {(rows) =>
          rows.map((action) => (
            // A finance request's author is its requester; nobody reviews their own (four-eyes),
            // and the platform refuses it too.
            <ActionItem
              key={action.id}
              action={action}
              canReview={approver && action.username !== username}
              ownRequest={approver && action.username === username}
            />
          ))
        }
      </PagedList>
    </Stack>
  );
}
