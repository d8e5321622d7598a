import { Alert, Badge, Stack, Tabs, Title } from '@mantine/core';
import { ERROR_CODES } from '@web-control/contract/errors';
import type { ProcessDefinition } from '@web-control/contract/finance';
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { HttpError } from '../../../shared/http/http-error';
import { openModal } from '../../../shared/modals/modal-store';
import { alertModal } from '../../../shared/modals/standard-modals';
import { useCan } from '../../../shared/session/permissions';
import { TurnAway } from '../../../shared/session/turn-away';
import { useDrawnAfterScreen } from '../../../shared/ui/drawn-after-screen';
import { servedHeading } from '../../../shared/screens/served-heading';
import { PageTitle } from '../../../shared/ui/page-title';
import { LoadingState } from '../../../shared/ui/query-state';
import { useProcess } from '../api/get-process';
import { usePendingActions } from '../api/get-pending-actions';
import { ApprovalDetail } from '../approvals/approval-detail';
import { ApprovalsTab } from '../approvals/approvals-tab';
import { InboxTab } from '../inbox/inbox-tab';
import { ResultsTab } from '../results/results-tab';
import { OutboxView } from '../outbox/outbox-view';
import { SettlementsTab } from '../settlements/settlements-tab';
import { FINANCE_MESSAGES } from '../messages';
import { PROCESSES_PATH, processPath, type ProcessTab } from '../paths';
import { isTabAllowed, PROCESS_TABS, visibleTabsOf } from './process-tabs';

/** Only the count is read, so one action per page is enough. */
const PENDING_COUNT_PAGE = { offset: 0, limit: 1 };

function PendingBadge({ processId }: { processId: number }) {
  const pending = usePendingActions(processId, PENDING_COUNT_PAGE, { beside: true });
  const count = pending.data?.paginationInfo.totalRecords;
  if (!count) return null;
  return (
    <Badge size="sm" color="orange" aria-label={`${count} pending`}>
      {count}
    </Badge>
  );
}

interface ProcessAreaProps {
  process: ProcessDefinition;
  /** The tab marked current; read from the URL when left out. */
  currentTab?: ProcessTab;
  children: ReactNode;
}

function ProcessArea({ process, currentTab, children }: ProcessAreaProps) {
  const can = useCan();
  const navigate = useNavigate();
  const fromUrl = useParams()['*']?.split('/')[0];
  const current = currentTab ?? fromUrl;
  const visible = visibleTabsOf(can);
  const showsBadge = can('APPROVE_ACTIONS');
  // The heading paints first (the screen's largest text): the tab's filters, lists and its own
  // queries' renders come after it instead of holding it back in one long task.
  const drawn = useDrawnAfterScreen();
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
      {drawn ? children : null}
    </Stack>
  );
}

function isNoProcessFound(error: Error): boolean {
  return error instanceof HttpError && error.errorBody?.code === ERROR_CODES.noProcessFound;
}

/** The catalogue's modal for a process that could not be loaded (specification 2, section 8). */
function processFailureModal(error: Error) {
  return isNoProcessFound(error)
    ? { title: FINANCE_MESSAGES.processNotFoundTitle, text: FINANCE_MESSAGES.processNotFoundText }
    : { title: FINANCE_MESSAGES.processFailedTitle, text: FINANCE_MESSAGES.processFailed };
}

/**
 * Loads the process of the URL and renders the area with it. An id that cannot exist, or one the
 * platform does not know, shows 'No process found' (with the catalogue's modal for the latter);
 * any other failed load shows its modal and goes back to the process list.
 */
function WithProcess({ render }: { render: (process: ProcessDefinition) => ReactNode }) {
  const raw = useParams().processId;
  const processId = Number(raw);
  const valid = Number.isSafeInteger(processId) && processId > 0;
  const process = useProcess(processId, valid);
  const navigate = useNavigate();
  const location = useLocation();
  const reported = useRef<Error | null>(null);

  useEffect(() => {
    if (!process.isError || reported.current === process.error) return;
    reported.current = process.error;
    void openModal(alertModal, processFailureModal(process.error));
    if (!isNoProcessFound(process.error)) void navigate(PROCESSES_PATH, { replace: true });
  }, [process.isError, process.error, navigate]);

  if (!valid || process.isError) {
    return (
      <Alert color="blue" role="status">
        {FINANCE_MESSAGES.noProcess}
      </Alert>
    );
  }
  if (process.isPending) {
    // Served with the page (the platform knows the name), the heading stays while the process loads.
    const heading = servedHeading(location.pathname);
    return heading === undefined ? (
      <LoadingState label="Loading process" />
    ) : (
      <Stack>
        <Title order={1}>{heading}</Title>
        <LoadingState label="Loading process" />
      </Stack>
    );
  }
  return render(process.data);
}

function ProcessTabRoutes({ process }: { process: ProcessDefinition }) {
  const can = useCan();
  const processId = process.id;
  const tabs: Record<ProcessTab, ReactNode> = {
    inbox: <InboxTab processId={processId} />,
    results: <ResultsTab process={process} />,
    approvals: <ApprovalsTab processId={processId} />,
    settlements: <SettlementsTab processId={processId} />,
    outbox: <OutboxView processId={processId} />,
  };
  return (
    <Routes>
      <Route index element={<Navigate to="inbox" replace />} />
      {/* A tab the area does not have (a mistyped or old link) opens its first, as a bare link does. */}
      <Route path="*" element={<Navigate to={processPath(processId, 'inbox')} replace />} />
      {PROCESS_TABS.map((each) => (
        <Route
          key={each.tab}
          path={`${each.tab}/*`}
          element={isTabAllowed(each, can) ? tabs[each.tab] : <TurnAway />}
        />
      ))}
    </Routes>
  );
}

export function ProcessAreaPage() {
  return (
    <WithProcess
      render={(process) => (
        <ProcessArea process={process}>
          <ProcessTabRoutes process={process} />
        </ProcessArea>
      )}
    />
  );
}

/** /processes/{id}/approvals/{actionId}: the approval detail under the process header, Approvals current. */
export function ApprovalDetailPage() {
  return (
    <WithProcess
      render={(process) => (
        <ProcessArea process={process} currentTab="approvals">
          <ApprovalDetail process={process} />
        </ProcessArea>
      )}
    />
  );
}
