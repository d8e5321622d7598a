import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import type { User, UserInput } from '@web-control/contract/admin';
import { useState, type SyntheticEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { HttpError } from '../../../shared/http/http-error';
import { useRoles } from '../api/roles';
import { useSaveUser, useUser } from '../api/users';
import { describeFetchFailure } from './user-detail';
import { USERS_PATH } from '../paths';

export const CREATE_USER_REJECTED = 'The user could not be created. Please try again or contact support.';

interface UserFormValues {
  username: string;
  email: string;
  msisdn: string;
  roleId: string;
}

function toValues(user: User | undefined): UserFormValues {
  return {
    username: user?.username ?? '',
    email: user?.email ?? '',
    msisdn: user?.msisdn ?? '',
    roleId: user?.roles?.[0] ? String(user.roles[0].roleId) : '',
  };
}

function toInput(values: UserFormValues): UserInput {
  return {
    username: values.username,
    email: values.email,
    msisdn: values.msisdn,
    roles: values.roleId === '' ? [] : [{ roleId: Number(values.roleId) }],
  };
}

/** The message a refused save shows: the platform's own text when it sent one. */
export function describeSaveFailure(error: unknown, creating: boolean): string | null {
  if (error instanceof HttpError && error.errorBody) return error.errorBody.errorMessage;
  return creating ? CREATE_USER_REJECTED : null;
}

function UserFormFields({ user }: { user?: User }) {
  const navigate = useNavigate();
  const roles = useRoles();
  const save = useSaveUser();
  const [values, setValues] = useState(() => toValues(user));
  const [failure, setFailure] = useState<string | null>(null);
  const creating = user === undefined;
  const cancelPath = creating ? USERS_PATH : `${USERS_PATH}/${user.userId}`;

  const field = (name: keyof UserFormValues) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const userId = await save.mutateAsync({ userId: user?.userId, user: toInput(values) });
      await navigate(`${USERS_PATH}/${userId}`);
    } catch (error) {
      setFailure(describeSaveFailure(error, creating));
    }
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={(event) => void submit(event)}>
        <Stack>
          <Title order={2}>{creating ? 'Create user' : `Edit ${user.username}`}</Title>
          <TextInput label="Username" disabled={!creating} autoComplete="off" {...field('username')} />
          <TextInput label="Email" type="email" autoComplete="off" {...field('email')} />
          <TextInput label="Mobile number" autoComplete="off" {...field('msisdn')} />
          <NativeSelect
            label="Role"
            {...field('roleId')}
            disabled={roles.isPending}
            data={[
              { value: '', label: 'Select a role' },
              ...(roles.data ?? []).map((role) => ({ value: String(role.roleId), label: role.role })),
            ]}
          />
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate(cancelPath)}>
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

export function CreateUser() {
  return <UserFormFields />;
}

export function EditUser() {
  const { userId = '' } = useParams();
  const user = useUser(userId);
  if (user.isPending) {
    return (
      <Center p="md">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  if (user.isError) {
    return (
      <Alert color="red" role="alert">
        {describeFetchFailure(user.error)}
      </Alert>
    );
  }
  return <UserFormFields key={user.data.userId} user={user.data} />;
}
