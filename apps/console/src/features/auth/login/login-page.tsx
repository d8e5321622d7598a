import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { LOGIN_MESSAGES, loginRequestSchema, type LoginRequest } from '@web-control/contract/auth';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessageOf, HTTP_STATUS, statusOf } from '../../../shared/http/error-message';
import { getDefaultPath, getRuntimeConfig } from '../../../shared/runtime-config';
import { idleSignedOutNotice } from '../../../shared/session/idle';
import { applyTokens, useAccount } from '../../../shared/session/session-state';
import { isIdleSignOutMarked } from '../../../shared/session/token-storage';
import { PageTitle } from '../../../shared/ui/page-title';
import { useLogin } from '../api/login';
import { readLoginState, safeReturnPath } from './login-state';
import { SingleSignOn } from './single-sign-on';

export const LOGIN_UNAVAILABLE = 'Signing in is not possible right now. Please try again or contact support.';
export const NOT_PERMITTED_NOTICE =
  'Your account may not open the page you asked for. Sign in with an account that may.';

function describeLoginError(error: unknown): string {
  if (statusOf(error) === HTTP_STATUS.unauthenticated) return LOGIN_MESSAGES.failed;
  return errorMessageOf(error, LOGIN_UNAVAILABLE);
}

function PasswordForm({ username, onSignedIn }: { username: string; onSignedIn: () => void }) {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    mode: 'onTouched',
    defaultValues: { username, password: '' },
  });

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      const pair = await login.mutateAsync(credentials);
      applyTokens(pair.access_token, pair.refresh_token);
      onSignedIn();
    } catch {
      // The mutation keeps the error; the form shows it below.
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack>
        <TextInput
          label="Username"
          autoComplete="username"
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {login.isError ? (
          <Alert color="red" role="alert">
            {describeLoginError(login.error)}
          </Alert>
        ) : null}
        <Button type="submit" disabled={!isValid || isSubmitting} loading={isSubmitting}>
          Submit
        </Button>
      </Stack>
    </form>
  );
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const account = useAccount();
  const config = getRuntimeConfig();
  const state = readLoginState(location.state);
  const message = state.message ?? (isIdleSignOutMarked() ? idleSignedOutNotice() : undefined);
  const from = safeReturnPath(state.from ?? search.get('from'));
  const singleSignOn = config?.authProvider === 'identity-provider';

  return (
    <Center component="main" mih="70vh">
      <PageTitle title="Login" />
      <Paper withBorder shadow="sm" p="xl" w={380} radius="md">
        <Stack>
          <Title order={1}>Login</Title>
          {message ? (
            <Alert color="blue" role="status">
              {message}
            </Alert>
          ) : null}
          {account.isAuthenticated && from ? (
            <Alert color="yellow" role="status">
              {NOT_PERMITTED_NOTICE}
            </Alert>
          ) : null}
          {singleSignOn ? (
            <SingleSignOn from={from} isAuthenticated={account.isAuthenticated} />
          ) : (
            <PasswordForm
              username={state.username ?? ''}
              onSignedIn={() => void navigate(from ?? getDefaultPath(), { replace: true })}
            />
          )}
          <Group justify="space-between">
            {/* With single sign-on there is no password here to forget. */}
            {singleSignOn ? null : (
              <Anchor component={Link} to="/forgot" size="sm">
                Forgot your password?
              </Anchor>
            )}
            {config?.supportUrl ? (
              <Anchor href={config.supportUrl} target="_blank" rel="noopener noreferrer" size="sm">
                Support
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
