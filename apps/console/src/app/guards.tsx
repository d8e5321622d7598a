import { Center, Loader } from '@mantine/core';
import { holdsAll, type Permission } from '@web-control/contract/permissions';
import { Outlet } from 'react-router';
import { useAccount } from '../shared/session/session-state';
import { TurnAway } from '../shared/session/turn-away';

/** Sends a visitor without a session, or without every listed permission, to /login. */
export function RequireAccess({ permissions = [] }: { permissions?: Permission[] }) {
  const account = useAccount();
  if (account.loading) {
    return (
      <Center p="xl">
        <Loader role="progressbar" aria-label="Loading" />
      </Center>
    );
  }
  if (!account.isAuthenticated || !holdsAll(account.userPermissions, permissions)) return <TurnAway />;
  return <Outlet />;
}
