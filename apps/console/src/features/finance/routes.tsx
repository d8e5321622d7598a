import { AreaPendingPage } from '../../shared/ui/area-pending-page';

export function ProcessesPage() {
  return <AreaPendingPage title="Processes" />;
}

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
