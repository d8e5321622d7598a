import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { CAN_NOW_LOG_IN, NEW_PASSWORD_HINT, newPasswordFormSchema } from '@web-control/contract/passwords';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorMessageOf, HTTP_STATUS, statusOf } from '../../../shared/http/error-message';
import { useSetPassword } from '../api/set-password';

type NewPasswordForm = z.input<typeof newPasswordFormSchema>;

interface NewPasswordFormProps {
  token: string;
  submitLabel: string;
  /** Shown when the platform refuses the link (or answers nothing useful). */
  expiredMessage: string;
}

/** A 400 is the platform refusing the password itself (too common, used before…). */
function refusesPassword(error: unknown): boolean {
  return statusOf(error) === HTTP_STATUS.badRequest;
}

/**
 * A refused password's reason is what the user needs. Anything else counts as an expired link, as
 * the specification says.
 */
function failureText(error: unknown, expiredMessage: string): string {
  return statusOf(error) === HTTP_STATUS.badRequest ? errorMessageOf(error, expiredMessage) : expiredMessage;
}

/** Chooses a password through an e-mailed link; success goes to /login with the username. */
export function NewPasswordForm({ token, submitLabel, expiredMessage }: NewPasswordFormProps) {
  const navigate = useNavigate();
  const setPassword = useSetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const username = await setPassword.mutateAsync({ token, password });
      await navigate('/login', { replace: true, state: { message: CAN_NOW_LOG_IN, username } });
    } catch (error) {
      // A password the platform refuses (one of the last four) is said at its field, and goes as
      // the password is changed; any other failure stays below the form (the mutation keeps it).
      if (refusesPassword(error))
        setError(
          'password',
          { type: 'server', message: failureText(error, expiredMessage) },
          { shouldFocus: true },
        );
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack>
        <PasswordInput
          label="Password"
          description={NEW_PASSWORD_HINT}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...register('confirm_password')}
        />
        {setPassword.isError && !refusesPassword(setPassword.error) ? (
          <Alert color="red" role="alert">
            {failureText(setPassword.error, expiredMessage)}
          </Alert>
        ) : null}
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
