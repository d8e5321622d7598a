import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  userIdentitiesResponseSchema,
  userIdentitySchema,
  type IdentityLinkInput,
  type UserIdentity,
} from '@web-control/contract/sso';
import { errorMessageOf } from '../../../shared/http/error-message';
import { request, requestWithoutResult } from '../../../shared/http/http-client';
import { IDENTITY_TEXTS } from '../identity-texts';
import { adminKeys } from './keys';

function identitiesPath(userId: string): string {
  return `/manage/users/${encodeURIComponent(userId)}/identities`;
}

export async function getUserIdentities(userId: string): Promise<UserIdentity[]> {
  return (
    await request({ api: 'authApi', path: identitiesPath(userId), schema: userIdentitiesResponseSchema })
  ).identities;
}

export function userIdentitiesQuery(userId: string) {
  return queryOptions({ queryKey: adminKeys.identities(userId), queryFn: () => getUserIdentities(userId) });
}

export function useUserIdentities(userId: string) {
  return useQuery(userIdentitiesQuery(userId));
}

export function linkIdentity({
  userId,
  link,
}: {
  userId: string;
  link: IdentityLinkInput;
}): Promise<UserIdentity> {
  return request({
    api: 'authApi',
    path: identitiesPath(userId),
    method: 'PUT',
    body: link,
    schema: userIdentitySchema,
  });
}

export function unlinkIdentity({ userId, link }: { userId: string; link: IdentityLinkInput }): Promise<void> {
  return requestWithoutResult({
    api: 'authApi',
    path: identitiesPath(userId),
    method: 'DELETE',
    query: { issuer: link.issuer, subject: link.subject },
  });
}

/** The form shows a refusal itself; a success reloads the user's identities with a toast. */
export function useLinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkIdentity,
    onSuccess: async (_identity, { userId }) => {
      notifications.show({ color: 'green', message: IDENTITY_TEXTS.linked });
      await queryClient.invalidateQueries({ queryKey: adminKeys.identities(userId) });
    },
  });
}

/** Either way a toast says what happened; the platform's reason when it gave one. */
export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkIdentity,
    onSuccess: async (_result, { userId }) => {
      notifications.show({ color: 'green', message: IDENTITY_TEXTS.unlinked });
      await queryClient.invalidateQueries({ queryKey: adminKeys.identities(userId) });
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: errorMessageOf(error, IDENTITY_TEXTS.unlinkFailed) });
    },
  });
}
