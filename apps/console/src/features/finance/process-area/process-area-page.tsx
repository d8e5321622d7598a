import { Alert, Badge, Stack, Tabs, Title } from '@mantine/core';
import type { ProcessDefinition } from '@web-control/contract/finance';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { HttpError } from '../../../shared/http/http-error';
import { useAccount } from '../../../shared/session/session-state';
import { PageTitle } from '../../../shared/ui/page-title';
import { ErrorState, LoadingState } from '../../../shared/ui/query-state';
import { useProcess } from '../api/get-process';
import { usePendingActions } from '../api/get-pending-actions';
import { ApprovalsTab } from '../approvals/approvals-tab';
import { InboxTab } from '../inbox/inbox-tab';
import { ResultsTab } from '../results/results-tab';
import { OutboxView } from '../outbox/outbox-view';
import { SettlementsTab } from '../settlements/settlements-tab';
import { FINANCE_MESSAGES } from '../messages';
import { processPath, type ProcessTab } from '../paths';
import { visibleTabsOf } from './process-tabs';

/** Only the count is read, so one action per page is enough. */
const PENDING_COUNT_PAGE = { offset: 0, limit: 1 };

function PendingBadge({ processId }: { processId: number }) {
  const pending = usePendingActions(processId, PENDING_COUNT_PAGE);
  const count = pending.data?.paginationInfo.totalRecords;
  if (!count) return null;
  return (
    <Badge size="sm" color="orange" aria-label={`${count} pending`}>
      {count}
    </Badge>
  );
}

function ProcessArea({ process, tabs }: { process: ProcessDefinition; tabs: Record<ProcessTab, ReactNode> }) {
  const { userPermissions } = useAccount();
  const navigate = useNavigate();
  const current = useParams()['*']?.split('/')[0];
  const visible = visibleTabsOf(userPermissions);
  const showsBadge = userPermissions.includes('APPROVE_ACTIONS');
  return (
    <Stack>
      <PageTitle title={process.displayName} />
      <Title order={1}>{process.displayName}</Title>
      <Tabs
        value={current ?? null}
        onChange={(value) => {
          const chosen = visible.find(({ tab }) => tab === value);
          if (chosen) void navigate(processPath(process.id, chosen.tab));
        }}
      >
        <Tabs.List>
          {visible.map(({ tab, label }) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              rightSection={
                tab === 'approvals' && showsBadge ? <PendingBadge processId={process.id} /> : null
              }
            >
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Routes>
        <Route index element={<Navigate to="inbox" replace />} />
        {visible.map(({ tab }) => (
          <Route key={tab} path={`${tab}/*`} element={tabs[tab]} />
        ))}
      </Routes>
    </Stack>
  );
}

export function ProcessAreaPage() {
  const processId = Number(useParams().processId);
  const process = useProcess(processId);
  if (process.isPending) return <LoadingState label="Loading process" />;
  if (process.isError) {
    return process.error instanceof HttpError && process.error.status === 404 ? (
      <Alert color="blue" role="status">
        {FINANCE_MESSAGES.noProcess}
      </Alert>
    ) : (
      <ErrorState
        text={FINANCE_MESSAGES.processFailed}
        retryLabel="Try again"
        onRetry={() => void process.refetch()}
      />
    );
  }
  const tabs: Record<ProcessTab, ReactNode> = {
    inbox: <InboxTab processId={processId} />,
    results: <ResultsTab process={process.data} />,
    approvals: <ApprovalsTab processId={processId} />,
    settlements: <SettlementsTab processId={processId} />,
    outbox: <OutboxView processId={processId} />,
  };
  return <ProcessArea process={process.data} tabs={tabs} />;
}
