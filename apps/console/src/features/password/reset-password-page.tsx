import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { RESET_LINK_EXPIRED, RESET_LINK_SENT } from '@web-control/contract/passwords';
import { useState, type SyntheticEvent } from 'react';
import { Navigate, useParams } from 'react-router';
import { getRuntimeConfig } from '../../shared/runtime-config';
import { useRequestPasswordReset } from './api/request-password-reset';
import { NewPasswordForm } from './components/new-password-form';
import { PasswordCard } from './components/password-card';

function RequestResetForm() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const requestReset = useRequestPasswordReset();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    // The answer never reveals whether the address is known: success either way.
    await requestReset.mutateAsync(email).catch(() => undefined);
    setSent(true);
  };

  if (sent) {
    return (
      <Alert color="blue" role="status">
        {RESET_LINK_SENT}
      </Alert>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack>
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Button type="submit" loading={requestReset.isPending}>
          Reset Password
        </Button>
      </Stack>
    </form>
  );
}

/** /forgot asks for a link; /reset/{token} chooses the new password. */
export function ResetPasswordPage() {
  const { token } = useParams();
  if (getRuntimeConfig()?.authProvider === 'identity-provider') return <Navigate to="/login" replace />;
  return token ? (
    <PasswordCard title="Reset Password" heading="Choose a Password">
      <NewPasswordForm token={token} submitLabel="Change Password" expiredMessage={RESET_LINK_EXPIRED} />
    </PasswordCard>
  ) : (
    <PasswordCard title="Reset Password" heading="Reset Password">
      <RequestResetForm />
    </PasswordCard>
  );
}
