import { Alert, Button, Center, Group, Loader, Paper, Stack, TextInput, Title } from '@mantine/core';
import type { PermissionOption, Role } from '@web-control/contract/admin';
import { useState, type SyntheticEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { HttpError } from '../../../shared/http/http-error';
import { usePermissions, useRoles, useSaveRole } from '../api/roles';
import { PermissionToggles } from './permission-toggles';
import { ROLES_PATH } from '../paths';
import { ROLE_NOT_FOUND } from './role-detail';

export const CREATE_ROLE_REJECTED = 'The role could not be created. Please try again or contact support.';

function RoleFormFields({ role, permissions }: { role?: Role; permissions: PermissionOption[] }) {
  const navigate = useNavigate();
  const save = useSaveRole();
  const [name, setName] = useState(role?.role ?? '');
  const [held, setHeld] = useState<ReadonlySet<number>>(
    () => new Set(role?.permissions.map((permission) => permission.id)),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const creating = role === undefined;

  const toggle = (permissionId: number) =>
    setHeld((current) => {
      const next = new Set(current);
      if (!next.delete(permissionId)) next.add(permissionId);
      return next;
    });

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const roleId = await save.mutateAsync({
        roleId: role?.roleId,
        role: { role: name, permissions: [...held].map((id) => ({ id })) },
      });
      await navigate(`${ROLES_PATH}/${roleId}`);
    } catch (error) {
      if (error instanceof HttpError && error.errorBody) setFailure(error.errorBody.errorMessage);
      else setFailure(creating ? CREATE_ROLE_REJECTED : null);
    }
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={(event) => void submit(event)}>
        <Stack>
          <Title order={2}>{creating ? 'Create role' : `Edit ${role.role}`}</Title>
          <TextInput
            label="Role name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <PermissionToggles permissions={permissions} held={held} onToggle={toggle} />
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => void navigate(creating ? ROLES_PATH : `${ROLES_PATH}/${role.roleId}`)}
            >
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function useRoleFormData(roleId: number | undefined) {
  const roles = useRoles();
  const permissions = usePermissions();
  const pending = permissions.isPending || (roleId !== undefined && roles.isPending);
  const role =
    roleId === undefined ? undefined : roles.data?.find((candidate) => candidate.roleId === roleId);
  return { pending, role, permissions: permissions.data };
}

export function CreateRole() {
  const { pending, permissions } = useRoleFormData(undefined);
  if (pending)
    return (
      <Center p="md">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  return <RoleFormFields permissions={permissions ?? []} />;
}

export function EditRole() {
  const roleId = Number(useParams().roleId);
  const { pending, role, permissions } = useRoleFormData(roleId);
  if (pending)
    return (
      <Center p="md">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  if (!role)
    return (
      <Alert color="yellow" role="status">
        {ROLE_NOT_FOUND}
      </Alert>
    );
  return <RoleFormFields key={role.roleId} role={role} permissions={permissions ?? []} />;
}
