import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { LOGIN_MESSAGES, type LoginRequest } from '@web-control/contract/auth';
import { useMemo, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { errorMessageOf, HTTP_STATUS, statusOf } from '../../../shared/http/error-message';
import { signInWithPair } from '../../../shared/session/session';
import { useLogin } from '../api/login';
import { checkLogin, type LoginField } from './login-form-state';

const LOGIN_UNAVAILABLE = 'Signing in is not possible right now. Please try again or contact support.';

function describeLoginError(error: unknown): string {
  if (statusOf(error) === HTTP_STATUS.unauthenticated) return LOGIN_MESSAGES.failed;
  return errorMessageOf(error, LOGIN_UNAVAILABLE);
}

const UNTOUCHED: Record<LoginField, boolean> = { username: false, password: false };

/**
 * Username and password, each field's message shown once it has been left (as the other forms'
 * onTouched mode). Two fields need no form library: this page is part of the entry every visit runs
 * (decision 0043).
 */
export function PasswordForm({ username, onSignedIn }: { username: string; onSignedIn: () => void }) {
  const login = useLogin();
  const [values, setValues] = useState<LoginRequest>({ username, password: '' });
  const [touched, setTouched] = useState(UNTOUCHED);
  const check = useMemo(() => checkLogin(values), [values]);
  const submitting = login.isPending;

  const field = (name: LoginField) => ({
    name,
    value: values[name],
    error: touched[name] ? check.errors[name] : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
  });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check.valid) {
      setTouched({ username: true, password: true });
      return;
    }
    login.mutate(check.request, {
      onSuccess: (pair) => {
        void signInWithPair(pair.access_token, pair.refresh_token).then(onSignedIn);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {/* A phone keyboard would capitalise its first letter, or correct it into a word. */}
        <TextInput
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...field('username')}
        />
        <PasswordInput label="Password" autoComplete="current-password" {...field('password')} />
        {login.isError ? (
          <Alert color="red" role="alert">
            {describeLoginError(login.error)}
          </Alert>
        ) : null}
        <Button type="submit" disabled={!check.valid || submitting} loading={submitting}>
          Submit
        </Button>
      </Stack>
    </form>
  );
}
