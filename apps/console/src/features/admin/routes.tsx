import { AreaPendingPage } from '../../shared/ui/area-pending-page';

export function UsersPage() {
  return <AreaPendingPage title="User Management" />;
}

export function RolesPage() {
  return <AreaPendingPage title="Role Management" />;
}
