import { Center, Loader } from '@mantine/core';
import { holdsAll, type Permission } from '@web-control/contract/permissions';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAccount } from '../shared/session/session-state';

/** Sends a visitor without a session, or without every listed permission, to /login. */
export function RequireAccess({ permissions = [] }: { permissions?: Permission[] }) {
  const account = useAccount();
  const location = useLocation();
  if (account.loading) {
    return (
      <Center p="xl">
        <Loader role="progressbar" aria-label="Loading" />
      </Center>
    );
  }
  if (!account.isAuthenticated || !holdsAll(account.userPermissions, permissions)) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace />;
  }
  return <Outlet />;
}
