import { AreaPendingPage } from '../../shared/ui/area-pending-page';

export function MapsPage() {
  return <AreaPendingPage title="Maps" />;
}

export function MappingsPage() {
  return <AreaPendingPage title="Mappings" />;
}

export function MapApprovalsPage() {
  return <AreaPendingPage title="Map Approvals" />;
}
