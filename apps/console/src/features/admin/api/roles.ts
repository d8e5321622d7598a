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

export function updateRole(roleId: number, role: RoleInput): Promise<void> {
  return requestWithoutResult({ api: 'authApi', path: `/manage/roles/${roleId}`, method: 'PUT', body: role });
}

export function deleteRole(roleId: number): Promise<void> {
  return requestWithoutResult({ api: 'authApi', path: `/manage/roles/${roleId}`, method: 'DELETE' });
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, role }: { roleId?: number; role: RoleInput }) =>
      roleId === undefined ? createRole(role) : updateRole(roleId, role).then(() => roleId),
    // A role's name shows in the users' details too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
