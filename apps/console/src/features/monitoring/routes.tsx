import { AreaPendingPage } from '../../shared/ui/area-pending-page';

export function HealthOverviewPage() {
  return <AreaPendingPage title="Health Overview" />;
}

export function NodeViewPage() {
  return <AreaPendingPage title="Node View" />;
}
