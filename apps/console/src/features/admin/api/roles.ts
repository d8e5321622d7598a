import { isConflict } from '../../../shared/http/error-message';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createdRoleSchema,
  permissionsResponseSchema,
  rolesResponseSchema,
  type PermissionOption,
  type Role,
  type RoleInput,
} from '@web-control/contract/admin';
import { request, requestWithoutResult } from '../../../shared/http/http-client';
import { ifMatch } from '../../../shared/http/stale-version';
import { adminKeys } from './keys';

export async function getRoles(): Promise<Role[]> {
  return (await request({ api: 'authApi', path: '/manage/roles', schema: rolesResponseSchema })).roles;
}

export async function getPermissions(): Promise<PermissionOption[]> {
  return (await request({ api: 'authApi', path: '/manage/permissions', schema: permissionsResponseSchema }))
    .permissions;
}

export function rolesQuery() {
  return queryOptions({ queryKey: adminKeys.roles(), queryFn: getRoles });
}

/** Feeds the roles list and the role options of the user form. */
export function useRoles() {
  return useQuery(rolesQuery());
}

export function usePermissions() {
  return useQuery({ queryKey: adminKeys.permissions(), queryFn: getPermissions, staleTime: Infinity });
}

export function createRole(role: RoleInput): Promise<number> {
  return request({
    api: 'authApi',
    path: '/manage/roles',
    method: 'POST',
    body: role,
    schema: createdRoleSchema,
  }).then((created) => created.roleId);
}

/** Saves over `version` only: a newer version answers 409 with the role as it is now. */
export function updateRole(roleId: number, version: number, role: RoleInput): Promise<void> {
  return requestWithoutResult({
    api: 'authApi',
    path: `/manage/roles/${roleId}`,
    method: 'PUT',
    headers: ifMatch(version),
    body: role,
  });
}

export function deleteRole(roleId: number): Promise<void> {
  return requestWithoutResult({ api: 'authApi', path: `/manage/roles/${roleId}`, method: 'DELETE' });
}

/** As useSaveUser: an update names its version; refused for a newer one (409), the roles reload. */
export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ role, editing }: { role: RoleInput; editing?: { roleId: number; version: number } }) =>
      editing
        ? updateRole(editing.roleId, editing.version, role).then(() => editing.roleId)
        : createRole(role),
    // A role's name shows in the users' details too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    onError: async (error) => {
      if (isConflict(error)) {
        await queryClient.invalidateQueries({ queryKey: adminKeys.roles() });
      }
    },
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
