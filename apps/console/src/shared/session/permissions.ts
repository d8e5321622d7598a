import { holdsAll, type Permission } from '@web-control/contract/permissions';
import { useMemo } from 'react';
import { useAccount } from './session-state';

/** "May this user do X": true when every one of the named permissions is held. */
export type Can = (...required: Permission[]) => boolean;

export function canWith(held: readonly string[]): Can {
  return (...required) => holdsAll(held, required);
}

/**
 * The one way a screen asks what the signed-in user may do; controls the user may not use are
 * hidden (the platform refuses them anyway).
 */
export function useCan(): Can {
  const { userPermissions } = useAccount();
  return useMemo(() => canWith(userPermissions), [userPermissions]);
}
