import { zodResolver } from '@hookform/resolvers/zod';
import { NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import {
  CHANGE_OWN_ROLE_MESSAGE,
  staleUserDetailsSchema,
  userInputSchema,
  type User,
  type UserInput,
} from '@web-control/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { errorMessageOf, isNotFound } from '../../../shared/http/error-message';
import { markRefusedField } from '../../../shared/forms/refused-field';
import { useAccount } from '../../../shared/session/session-state';
import { adminKeys } from '../api/keys';
import { useRoles } from '../api/roles';
import { useSaveUser, useUser } from '../api/users';
import { differencesOf, EditConflict } from '../components/edit-conflict';
import { describeFetchFailure, UserGone, useUserGone } from './user-detail';
import { USERS_PATH } from '../paths';
import { FormActions } from '../../../shared/forms/form-actions';
import { useLeaveGuard } from '../../../shared/forms/use-leave-guard';
import { ErrorState, LoadingState } from '../../../shared/ui/query-state';
import { ChoicesError } from '../../../shared/ui/choices-error';
import { useEditConflict } from '../components/use-edit-conflict';
import { useKeepFind } from '../components/keep-find';

export const CREATE_USER_REJECTED = 'The user could not be created. Please try again or contact support.';

function toValues(user: User | undefined): UserInput {
  const role = user?.roles?.[0];
  return {
    username: user?.username ?? '',
    email: user?.email ?? '',
    msisdn: user?.msisdn ?? '',
    roles: role ? [{ roleId: role.roleId }] : [],
  };
}

/** The fields a refusal may name. */
const USER_INPUT_FIELDS: readonly (keyof UserInput)[] = ['username', 'email', 'msisdn', 'roles'];

/** What the edit conflict compares: the fields the form shows, as they read. */
const USER_FIELDS = [
  { field: 'Email', show: (user: User) => user.email ?? '-' },
  { field: 'Mobile number', show: (user: User) => user.msisdn ?? '-' },
  { field: 'Role', show: (user: User) => user.roles?.[0]?.role ?? '-' },
];

function UserFormFields({ user }: { user?: User }) {
  const navigate = useNavigate();
  const keepFind = useKeepFind();
  const roles = useRoles();
  const save = useSaveUser();
  const queryClient = useQueryClient();
  const creating = user === undefined;
  // Nobody changes their own role (the platform refuses it): said before it is tried.
  const signedIn = useAccount().username?.toLowerCase();
  const ownUser = !creating && user.username.toLowerCase() === signedIn;
  const cancelPath = creating ? USERS_PATH : `${USERS_PATH}/${user.userId}`;
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<UserInput>({
    // The platform checks the same schema; the form sends the fields as typed.
    resolver: zodResolver(userInputSchema, undefined, { raw: true }),
    mode: 'onTouched',
    defaultValues: toValues(user),
  });
  const leaving = useLeaveGuard(isDirty);
  const edit = useEditConflict(user, staleUserDetailsSchema, (current) => reset(toValues(current)));

  const { conflict, loaded } = edit;

  const onSubmit = handleSubmit(async (values) => {
    const { base } = edit;
    try {
      const saved = await save.mutateAsync({
        user: values,
        editing: base && { userId: base.userId, version: base.version },
      });
      leaving.allow();
      // Sent for review, nothing changed yet: back to where the form was opened from.
      await navigate(keepFind(saved === 'sent-for-review' ? cancelPath : `${USERS_PATH}/${saved.id}`));
    } catch (error) {
      if (edit.caught(error)) return;
      // Deleted meanwhile: the page says the user is gone (and the list drops them), not the form.
      if (user && isNotFound(error)) {
        leaving.allow();
        await queryClient.invalidateQueries({ queryKey: adminKeys.user(user.userId) });
        return;
      }
      // A name taken, or one's own role, is said at its field.
      if (markRefusedField(error, USER_INPUT_FIELDS, setError)) return;
      // A refused update has no text of its own unless the platform sent one.
      const message = errorMessageOf(error, creating ? CREATE_USER_REJECTED : null);
      if (message !== null) setError('root.server', { message });
    }
  });

  return (
    <Paper withBorder p="md">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack>
          <Title order={2}>{creating ? 'Create user' : `Edit ${user.username}`}</Title>
          <TextInput
            label="Username"
            disabled={!creating}
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            error={errors.username?.message}
            {...register('username')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput
            label="Mobile number"
            autoComplete="off"
            error={errors.msisdn?.message}
            {...register('msisdn')}
          />
          <Controller
            control={control}
            name="roles"
            render={({ field, fieldState }) => (
              <NativeSelect
                label="Role"
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                // The form holds a single role; the blank option holds none.
                value={field.value[0] ? String(field.value[0].roleId) : ''}
                onChange={(event) => {
                  const { value } = event.currentTarget;
                  field.onChange(value === '' ? [] : [{ roleId: Number(value) }]);
                }}
                error={fieldState.error?.message}
                description={ownUser ? CHANGE_OWN_ROLE_MESSAGE : undefined}
                disabled={roles.isPending || ownUser}
                data={[
                  { value: '', label: 'Select a role' },
                  ...(roles.data ?? []).map((role) => ({ value: String(role.roleId), label: role.role })),
                ]}
              />
            )}
          />
          <ChoicesError what="the roles" query={roles} />
          {conflict && loaded ? (
            <EditConflict
              subject="user"
              differences={differencesOf(USER_FIELDS, loaded, conflict)}
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

export function CreateUser() {
  return <UserFormFields />;
}

export function EditUser() {
  const { userId = '' } = useParams();
  const user = useUser(userId);
  const gone = useUserGone(user);
  if (user.isPending) return <LoadingState />;
  if (gone) return <UserGone />;
  if (user.isError) return <ErrorState text={describeFetchFailure(user.error)} />;
  return <UserFormFields key={user.data.userId} user={user.data} />;
}
