import { notifications } from '@mantine/notifications';
import { isConflict } from '../../../shared/http/error-message';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createdUserSchema,
  userSchema,
  usersResponseSchema,
  type User,
  type UserInput,
} from '@web-control/contract/admin';
import { request } from '../../../shared/http/http-client';
import { USERS_API_PATH } from '../paths';
import {
  requestChange,
  requestCreation,
  SENT_FOR_REVIEW,
  type ChangeOutcome,
} from '../../../shared/http/request-change';
import { ifMatch } from '../../../shared/http/stale-version';
import { adminKeys, type Saved } from './keys';

export async function getUsers(): Promise<User[]> {
  return (await request({ api: 'authApi', path: USERS_API_PATH, schema: usersResponseSchema })).users;
}

export function getUser(userId: string): Promise<User> {
  return request({ api: 'authApi', path: `/manage/users/${encodeURIComponent(userId)}`, schema: userSchema });
}

export function usersQuery() {
  return queryOptions({ queryKey: adminKeys.users(), queryFn: getUsers });
}

export function useUsers() {
  return useQuery(usersQuery());
}

/** The detail is fetched only when the listed user lacks its roles. */
export function useUser(userId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: adminKeys.user(userId),
    queryFn: () => getUser(userId),
    initialData: () => {
      const listed = queryClient.getQueryData(usersQuery().queryKey)?.find((user) => user.userId === userId);
      return listed?.roles ? listed : undefined;
    },
  });
}

/** With FOUR_EYES=admin, this and every change below is a request another administrator approves. */
export async function createUser(user: UserInput): Promise<Saved<string>> {
  const answer = await requestCreation({
    api: 'authApi',
    path: USERS_API_PATH,
    method: 'POST',
    body: user,
    schema: createdUserSchema,
  });
  return answer === 'sent-for-review' ? answer : { id: answer.created.userId };
}

/** Saves over `version` only: a newer version answers 409 with the user as they are now. */
export async function updateUser(userId: string, version: number, user: UserInput): Promise<Saved<string>> {
  const outcome = await requestChange({
    api: 'authApi',
    path: `/manage/users/${encodeURIComponent(userId)}`,
    method: 'PUT',
    headers: ifMatch(version),
    body: user,
  });
  return outcome === 'sent-for-review' ? outcome : { id: userId };
}

export function deleteUser(userId: string): Promise<ChangeOutcome> {
  return requestChange({
    api: 'authApi',
    path: `/manage/users/${encodeURIComponent(userId)}`,
    method: 'DELETE',
  });
}

/**
 * After any change the list reloads, and the changed user's detail is fetched afresh. An update
 * names the version it was made against; refused for a newer one (409), the list and detail reload.
 */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, editing }: { user: UserInput; editing?: { userId: string; version: number } }) =>
      editing ? updateUser(editing.userId, editing.version, user) : createUser(user),
    onSuccess: async (saved) => {
      if (saved === 'sent-for-review') {
        notifications.show({ color: 'blue', message: SENT_FOR_REVIEW });
        return;
      }
      queryClient.removeQueries({ queryKey: adminKeys.user(saved.id) });
      await queryClient.invalidateQueries({ queryKey: adminKeys.users(), exact: true });
    },
    onError: async (error) => {
      if (isConflict(error)) {
        await queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      }
    },
  });
}

/**
 * The deleted user's detail stays cached (unobserved once the page has moved on, it is collected):
 * removing it while its page still shows would fetch it again and fail with 404.
 */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (outcome) => {
      if (outcome === 'sent-for-review') {
        notifications.show({ color: 'blue', message: SENT_FOR_REVIEW });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: adminKeys.users(), exact: true });
    },
  });
}
