// The area's lazily loaded route module: one chunk for its screens.
import { OutboxView } from './outbox/outbox-view';

export { ApprovalDetailPage, ProcessAreaPage } from './process-area/process-area-page';
export { AuditLogPage } from './audits/audit-log-page';
export { JobsPage } from './jobs/jobs-page';
export { ProcessesPage } from './processes/processes-page';

export function OutboxPage() {
  return <OutboxView />;
}
