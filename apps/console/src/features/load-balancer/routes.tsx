import { AreaPendingPage } from '../../shared/ui/area-pending-page';

export function ServicesPage() {
  return <AreaPendingPage title="Load Balancer - Services" />;
}

export function ServiceDetailPage() {
  return <AreaPendingPage title="Load Balancer - Service" />;
}
