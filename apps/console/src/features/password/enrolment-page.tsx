import { ENROLMENT_LINK_EXPIRED } from '@web-control/contract/passwords';
import { Navigate, useParams } from 'react-router';
import { getRuntimeConfig } from '../../shared/runtime-config';
import { NewPasswordForm } from './components/new-password-form';
import { PasswordCard } from './components/password-card';

export const ENROLMENT_SUBMIT_LABEL = 'Set Password';

/** /enroll/{token}: a new user chooses their first password. */
export function EnrolmentPage() {
  const { token = '' } = useParams();
  if (getRuntimeConfig()?.authProvider === 'identity-provider') return <Navigate to="/login" replace />;
  return (
    <PasswordCard title="Complete Account" heading="Choose a Password">
      <NewPasswordForm
        token={token}
        submitLabel={ENROLMENT_SUBMIT_LABEL}
        expiredMessage={ENROLMENT_LINK_EXPIRED}
      />
    </PasswordCard>
  );
}
