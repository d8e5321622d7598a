import { HTTP_STATUS, isNotFound, statusOf } from '../../../shared/http/error-message';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DELETE_SELF_MESSAGE } from '@web-control/contract/admin';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { preloadModalsOnIntent, usePreloadModalsWhenIdle } from '../../../shared/modals/preload';
import { getRuntimeConfig } from '../../../shared/runtime-config';
import { useAccount } from '../../../shared/session/session-state';
import { DetailsTable } from '../../../shared/ui/details-table';
import { LoadingState } from '../../../shared/ui/query-state';
import { adminKeys } from '../api/keys';
import { useDeleteUser, useUser } from '../api/users';
import { DELETE_MODALS, deleteWithConfirmation } from '../components/delete-with-confirmation';
import { useKeepFind } from '../components/keep-find';
import { USERS_PATH } from '../paths';
import { SignInLockStatus } from './sign-in-lock';
import { SIGN_IN_LOCK_TEXTS } from '../sign-in-lock-texts';
import { UserIdentities } from './user-identities';

export const DELETE_USER_FAILED = 'Failed to delete user';
export const USER_NOT_FOUND = 'This user does not exist (any more).';

export function describeFetchFailure(error: unknown): string {
  return `Something went wrong (code ${statusOf(error) ?? 0})`;
}

/**
 * Whether the user asked for is not there: unknown (404), or an id that names no one (a hand-made
 * address, refused with 400). Someone else deleted them: the list reloads without them.
 */
export function useUserGone(user: { isError: boolean; error: unknown }): boolean {
  const queryClient = useQueryClient();
  const gone = user.isError && (isNotFound(user.error) || statusOf(user.error) === HTTP_STATUS.badRequest);
  useEffect(() => {
    if (gone) void queryClient.invalidateQueries({ queryKey: adminKeys.users(), exact: true });
  }, [gone, queryClient]);
  return gone;
}

export function UserGone() {
  return (
    <Alert color="yellow" role="status">
      {USER_NOT_FOUND}
    </Alert>
  );
}

const OWN_ACCOUNT_NOTE_ID = 'own-account-note';

export function UserDetail() {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const keepFind = useKeepFind();
  const user = useUser(userId);
  const deleteUser = useDeleteUser();
  const signedIn = useAccount().username?.toLowerCase();
  usePreloadModalsWhenIdle(DELETE_MODALS);

  const gone = useUserGone(user);
  useEffect(() => {
    if (user.isError) notifications.show({ color: 'red', message: describeFetchFailure(user.error) });
  }, [user.isError, user.error]);

  if (user.isPending) {
    return <LoadingState />;
  }
  if (gone) return <UserGone />;
  if (user.isError) return null;

  const remove = async () => {
    const outcome = await deleteWithConfirmation(() => deleteUser.mutateAsync(userId), DELETE_USER_FAILED);
    if (outcome === 'done') await navigate(keepFind(USERS_PATH));
  };

  const { username, email, msisdn, roles } = user.data;
  // Nobody deletes their own account (the platform refuses it): said before it is tried.
  const ownAccount = username.toLowerCase() === signedIn;
  // Links only matter while the identity provider signs users in; a lock, while passwords do.
  const signsInWithProvider = getRuntimeConfig()?.authProvider === 'identity-provider';
  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={2}>{username}</Title>
          <Group>
            <Button component={Link} to={keepFind(`${USERS_PATH}/${userId}/edit`)} variant="light">
              Edit
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => void remove()}
              loading={deleteUser.isPending}
              disabled={ownAccount}
              aria-describedby={ownAccount ? OWN_ACCOUNT_NOTE_ID : undefined}
              {...preloadModalsOnIntent(DELETE_MODALS)}
            >
              Delete
            </Button>
          </Group>
        </Group>
        {ownAccount ? (
          <Text id={OWN_ACCOUNT_NOTE_ID} size="sm" c="dimmed">
            {DELETE_SELF_MESSAGE}
          </Text>
        ) : null}
        <DetailsTable
          nameWidth={160}
          rows={[
            ['Username', username],
            ['Email', email ?? '-'],
            ['Mobile number', msisdn ?? '-'],
            ['Role', roles?.[0]?.role ?? '-'],
            ...(signsInWithProvider
              ? []
              : [
                  [
                    SIGN_IN_LOCK_TEXTS.name,
                    <SignInLockStatus key={userId} userId={userId} username={username} />,
                  ] as const,
                ]),
          ]}
        />
        {signsInWithProvider ? <UserIdentities userId={userId} /> : null}
      </Stack>
    </Paper>
  );
}
