import { Alert, Anchor, Center, Group, Paper, Stack, Title } from '@mantine/core';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { getDefaultPath, getRuntimeConfig } from '../../../shared/runtime-config';
import { idleSignedOutNotice } from '../../../shared/session/idle';
import { useAccount } from '../../../shared/session/session-state';
import { isIdleSignOutMarked } from '../../../shared/session/token-storage';
import { PageTitle } from '../../../shared/ui/page-title';
import { readLoginState, safeReturnPath } from './login-state';
import { PasswordForm } from './password-form';
import { SingleSignOn } from './single-sign-on';

export const NOT_PERMITTED_NOTICE =
  'Your account may not open the page you asked for. Sign in with an account that may.';

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
