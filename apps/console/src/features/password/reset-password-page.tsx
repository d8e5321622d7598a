import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import {
  forgotPasswordRequestSchema,
  RESET_LINK_EXPIRED,
  RESET_LINK_SENT,
} from '@web-control/contract/passwords';
import { useForm } from 'react-hook-form';
import { Navigate, useParams } from 'react-router';
import type { z } from 'zod';
import { getRuntimeConfig } from '../../shared/runtime-config';
import { useRequestPasswordReset } from './api/request-password-reset';
import { NewPasswordForm } from './components/new-password-form';
import { PasswordCard } from './components/password-card';

type ResetRequestForm = z.input<typeof forgotPasswordRequestSchema>;
type ResetRequest = z.output<typeof forgotPasswordRequestSchema>;

function RequestResetForm() {
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitSuccessful },
  } = useForm<ResetRequestForm, unknown, ResetRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    // The answer never reveals whether the address is known: success either way.
    await requestReset.mutateAsync(email).catch(() => undefined);
  });

  if (isSubmitSuccessful) {
    return (
      <Alert color="blue" role="status">
        {RESET_LINK_SENT}
      </Alert>
    );
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
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
