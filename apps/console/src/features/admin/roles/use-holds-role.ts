import { useAccount } from '../../../shared/session/session-state';
import { useUsers } from '../api/users';

/** Whether the signed-in administrator holds the role, as the users list says (false until it has loaded). */
export function useHoldsRole(roleId: number): boolean {
  const signedIn = useAccount().username?.toLowerCase();
  const users = useUsers();
  const own = users.data?.find((user) => user.username.toLowerCase() === signedIn);
  return own?.roles?.some((role) => role.roleId === roleId) ?? false;
}
