// The area's lazily loaded route module: one chunk for its screens.
import { AreaPendingPage } from '../../shared/ui/area-pending-page';

export { ProcessesPage } from './processes/processes-page';

export function ProcessAreaPage() {
  return <AreaPendingPage title="Process" />;
}

export function OutboxPage() {
  return <AreaPendingPage title="Outbox" />;
}

export function AuditLogPage() {
  return <AreaPendingPage title="Audit Log" />;
}

export function JobsPage() {
  return <AreaPendingPage title="Jobs" />;
}
