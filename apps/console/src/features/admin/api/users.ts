import { isConflict } from '../../../shared/http/error-message';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createdUserSchema,
  userSchema,
  usersResponseSchema,
  type User,
  type UserInput,
} from '@web-control/contract/admin';
import { request, requestWithoutResult } from '../../../shared/http/http-client';
import { ifMatch } from '../../../shared/http/stale-version';
import { adminKeys } from './keys';

export async function getUsers(): Promise<User[]> {
  return (await request({ api: 'authApi', path: '/manage/users', schema: usersResponseSchema })).users;
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

export function createUser(user: UserInput): Promise<string> {
  return request({
    api: 'authApi',
    path: '/manage/users',
    method: 'POST',
    body: user,
    schema: createdUserSchema,
  }).then((created) => created.userId);
}

/** Saves over `version` only: a newer version answers 409 with the user as they are now. */
export function updateUser(userId: string, version: number, user: UserInput): Promise<void> {
  return requestWithoutResult({
    api: 'authApi',
    path: `/manage/users/${encodeURIComponent(userId)}`,
    method: 'PUT',
    headers: ifMatch(version),
    body: user,
  });
}

export function deleteUser(userId: string): Promise<void> {
  return requestWithoutResult({
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
      editing
        ? updateUser(editing.userId, editing.version, user).then(() => editing.userId)
        : createUser(user),
    onSuccess: async (userId) => {
      queryClient.removeQueries({ queryKey: adminKeys.user(userId) });
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
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.users(), exact: true });
    },
  });
}
