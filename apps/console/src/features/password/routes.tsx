import { AreaPendingPage } from '../../shared/ui/area-pending-page';

export function ResetPasswordPage() {
  return <AreaPendingPage title="Reset Password" />;
}

export function EnrolmentPage() {
  return <AreaPendingPage title="Complete Account" />;
}
