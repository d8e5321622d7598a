import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Paper, Stack, TextInput, Title } from '@mantine/core';
import {
  roleInputSchema,
  staleRoleDetailsSchema,
  type PermissionOption,
  type Role,
  type RoleInput,
} from '@web-control/contract/admin';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { errorMessageOf } from '../../../shared/http/error-message';
import { markRefusedField } from '../../../shared/forms/refused-field';
import { useSaveRole } from '../api/roles';
import { useRoleData } from './use-role-data';
import { differencesOf, EditConflict } from '../components/edit-conflict';
import { PermissionToggles } from './permission-toggles';
import { ROLES_PATH } from '../paths';
import { ROLE_NOT_FOUND } from './role-detail';
import { FormActions } from '../../../shared/forms/form-actions';
import { useLeaveGuard } from '../../../shared/forms/use-leave-guard';
import { ErrorState, LoadingState } from '../../../shared/ui/query-state';
import { ChoicesError } from '../../../shared/ui/choices-error';
import { useEditConflict } from '../components/use-edit-conflict';
import { useKeepFind } from '../components/keep-find';

export const CREATE_ROLE_REJECTED = 'The role could not be created. Please try again or contact support.';

/** Adds the permission when the role lacks it, removes it when the role holds it. */
function flipPermission(held: RoleInput['permissions'], permissionId: number): RoleInput['permissions'] {
  return held.some(({ id }) => id === permissionId)
    ? held.filter(({ id }) => id !== permissionId)
    : [...held, { id: permissionId }];
}

function toValues(role: Role | undefined): RoleInput {
  return { role: role?.role ?? '', permissions: role?.permissions.map(({ id }) => ({ id })) ?? [] };
}

/** What the edit conflict compares: the name and the permissions held, by name. */
const ROLE_FIELDS = [
  { field: 'Role name', show: (role: Role) => role.role },
  {
    field: 'Permissions',
    show: (role: Role) =>
      role.permissions
        .map(({ permission }) => permission)
        .sort()
        .join(', ') || '-',
  },
];

function RoleFormFields({ role, permissions }: { role?: Role; permissions: PermissionOption[] }) {
  const navigate = useNavigate();
  const keepFind = useKeepFind();
  const save = useSaveRole();
  const creating = role === undefined;
  const cancelPath = creating ? ROLES_PATH : `${ROLES_PATH}/${role.roleId}`;
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<RoleInput>({
    // The platform checks the same schema; the form sends the fields as typed.
    resolver: zodResolver(roleInputSchema, undefined, { raw: true }),
    mode: 'onTouched',
    defaultValues: toValues(role),
  });
  const leaving = useLeaveGuard(isDirty);
  const edit = useEditConflict(role, staleRoleDetailsSchema, (current) => reset(toValues(current)));

  const { conflict, loaded } = edit;

  const onSubmit = handleSubmit(async (values) => {
    const { base } = edit;
    try {
      const saved = await save.mutateAsync({
        role: values,
        editing: base && { roleId: base.roleId, version: base.version },
      });
      leaving.allow();
      // Sent for review, nothing changed yet: back to where the form was opened from.
      await navigate(keepFind(saved === 'sent-for-review' ? cancelPath : `${ROLES_PATH}/${saved.id}`));
    } catch (error) {
      if (edit.caught(error)) return;
      // A name taken is said at the name.
      if (markRefusedField(error, ['role'], setError)) return;
      // A refused update has no text of its own unless the platform sent one.
      const message = errorMessageOf(error, creating ? CREATE_ROLE_REJECTED : null);
      if (message !== null) setError('root.server', { message });
    }
  });

  return (
    <Paper withBorder p="md">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack>
          <Title order={2}>{creating ? 'Create role' : `Edit ${role.role}`}</Title>
          <TextInput label="Role name" error={errors.role?.message} {...register('role')} />
          <Controller
            control={control}
            name="permissions"
            render={({ field }) => (
              <PermissionToggles
                permissions={permissions}
                held={new Set(field.value.map(({ id }) => id))}
                onToggle={(permissionId) => field.onChange(flipPermission(field.value, permissionId))}
              />
            )}
          />
          {conflict && loaded ? (
            <EditConflict
              subject="role"
              differences={differencesOf(ROLE_FIELDS, loaded, conflict)}
              onLoadCurrent={() => edit.loadCurrent(conflict)}
            />
          ) : null}
          {errors.root?.server?.message ? <ErrorState text={errors.root.server.message} /> : null}
          <FormActions
            onCancel={() => {
              leaving.allow();
              void navigate(keepFind(cancelPath));
            }}
            submitting={save.isPending}
          />
        </Stack>
      </form>
    </Paper>
  );
}

export function CreateRole() {
  const { pending, failed, permissions } = useRoleData(undefined);
  if (pending) return <LoadingState />;
  if (failed) return <ChoicesError {...failed} />;
  return <RoleFormFields permissions={permissions ?? []} />;
}

export function EditRole() {
  const roleId = Number(useParams().roleId);
  const { pending, failed, role, permissions } = useRoleData(roleId);
  if (pending) return <LoadingState />;
  if (failed) return <ChoicesError {...failed} />;
  if (!role)
    return (
      <Alert color="yellow" role="status">
        {ROLE_NOT_FOUND}
      </Alert>
    );
  return <RoleFormFields key={role.roleId} role={role} permissions={permissions ?? []} />;
}
