import { usePermissions, useRoles } from '../api/roles';

/** The permissions, and the role `roleId` names: what a role's detail and its form both show. */
export function useRoleData(roleId: number | undefined) {
  const roles = useRoles();
  const permissions = usePermissions();
  const pending = permissions.isPending || (roleId !== undefined && roles.isPending);
  const role =
    roleId === undefined ? undefined : roles.data?.find((candidate) => candidate.roleId === roleId);
  // Without its permissions (or, for a role, the roles) a role would read, and save, as one of none.
  const failed = permissions.isError
    ? { what: 'the permissions', query: permissions }
    : roleId !== undefined && roles.isError
      ? { what: 'the roles', query: roles }
      : undefined;
  return { pending, failed, role, permissions: permissions.data };
}
