import { usePermissions, useRoles } from '../api/roles';

/** The permissions, and the role `roleId` names: what a role's detail and its form both show. */
export function useRoleData(roleId: number | undefined) {
  const roles = useRoles();
  const permissions = usePermissions();
  const pending = permissions.isPending || (roleId !== undefined && roles.isPending);
  const role =
    roleId === undefined ? undefined : roles.data?.find((candidate) => candidate.roleId === roleId);
  // Without its permissions (or, for a role, the roles) a role would read, and save, as one of none.
  // A failed refresh keeps what was loaded (and the form being typed in): only a first load counts.
  const failed = permissions.isLoadingError
    ? { what: 'the permissions', query: permissions }
    : roleId !== undefined && roles.isLoadingError
      ? { what: 'the roles', query: roles }
      : undefined;
  return { pending, failed, role, permissions: permissions.data };
}
