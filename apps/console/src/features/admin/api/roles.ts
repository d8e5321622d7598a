import { notifications } from '@mantine/notifications';
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
import { request } from '../../../shared/http/http-client';
import {
  requestChange,
  requestCreation,
  SENT_FOR_REVIEW,
  type ChangeOutcome,
} from '../../../shared/http/request-change';
import { ifMatch } from '../../../shared/http/stale-version';
import { adminKeys, type Saved } from './keys';

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

/** With FOUR_EYES=admin, this and every change below is a request another administrator approves. */
export async function createRole(role: RoleInput): Promise<Saved<number>> {
  const answer = await requestCreation({
    api: 'authApi',
    path: '/manage/roles',
    method: 'POST',
    body: role,
    schema: createdRoleSchema,
  });
  return answer === 'sent-for-review' ? answer : { id: answer.created.roleId };
}

/** Saves over `version` only: a newer version answers 409 with the role as it is now. */
export async function updateRole(roleId: number, version: number, role: RoleInput): Promise<Saved<number>> {
  const outcome = await requestChange({
    api: 'authApi',
    path: `/manage/roles/${roleId}`,
    method: 'PUT',
    headers: ifMatch(version),
    body: role,
  });
  return outcome === 'sent-for-review' ? outcome : { id: roleId };
}

export function deleteRole(roleId: number): Promise<ChangeOutcome> {
  return requestChange({ api: 'authApi', path: `/manage/roles/${roleId}`, method: 'DELETE' });
}

/** Says "Sent for review" when the change became a request; else everything shown may have changed. */
function useAfterRoleChange() {
  const queryClient = useQueryClient();
  return async (outcome: Saved<number> | ChangeOutcome) => {
    if (outcome === 'sent-for-review') {
      notifications.show({ color: 'blue', message: SENT_FOR_REVIEW });
      return;
    }
    // A role's name shows in the users' details too.
    await queryClient.invalidateQueries({ queryKey: adminKeys.all });
  };
}

/** As useSaveUser: an update names its version; refused for a newer one (409), the roles reload. */
export function useSaveRole() {
  const queryClient = useQueryClient();
  const afterChange = useAfterRoleChange();
  return useMutation({
    mutationFn: ({ role, editing }: { role: RoleInput; editing?: { roleId: number; version: number } }) =>
      editing ? updateRole(editing.roleId, editing.version, role) : createRole(role),
    onSuccess: afterChange,
    onError: async (error) => {
      if (isConflict(error)) {
        await queryClient.invalidateQueries({ queryKey: adminKeys.roles() });
      }
    },
  });
}

export function useDeleteRole() {
  const afterChange = useAfterRoleChange();
  return useMutation({ mutationFn: deleteRole, onSuccess: afterChange });
}
