import { AreaPendingPage } from '../../shared/ui/area-pending-page';

export function HomePage() {
  return <AreaPendingPage title="Home" />;
}
