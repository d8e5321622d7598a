import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signInLockSchema, type SignInLock } from '@web-control/contract/admin';
import { errorMessageOf, isNotFound } from '../../../shared/http/error-message';
import { request, requestWithoutResult } from '../../../shared/http/http-client';
import { SIGN_IN_LOCK_TEXTS } from '../sign-in-lock-texts';
import { adminKeys } from './keys';

function signInLockPath(userId: string): string {
  return `/manage/users/${encodeURIComponent(userId)}/sign-in-lock`;
}

export function getSignInLock(userId: string): Promise<SignInLock> {
  return request({ api: 'authApi', path: signInLockPath(userId), schema: signInLockSchema });
}

const LOCK_END_MARGIN_MS = 1_000;
/** A lock still held past its end by this browser's clock means the clock runs ahead: ask at ease. */
export const LOCK_RECHECK_MS = 15_000;

/** Read again once a lock has ended, so the row does not offer Unlock for a lock that is over. */
export function untilLockEnds(lock: SignInLock | undefined, now: number): number | false {
  if (lock?.lockedUntil == null) return false;
  const left = Date.parse(lock.lockedUntil) - now;
  return left > 0 ? left + LOCK_END_MARGIN_MS : LOCK_RECHECK_MS;
}

export function signInLockQuery(userId: string) {
  return queryOptions({
    queryKey: adminKeys.signInLock(userId),
    queryFn: () => getSignInLock(userId),
    refetchInterval: (query) => untilLockEnds(query.state.data, Date.now()),
  });
}

export function useSignInLock(userId: string) {
  return useQuery(signInLockQuery(userId));
}

export function unlockSignIn({ userId }: { userId: string; username: string }): Promise<void> {
  return requestWithoutResult({ api: 'authApi', path: signInLockPath(userId), method: 'DELETE' });
}

/** Either way a toast says what happened, with the platform's reason when it gave one. */
export function useUnlockSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockSignIn,
    onSuccess: (_result, { username }) => {
      notifications.show({ color: 'green', message: SIGN_IN_LOCK_TEXTS.unlocked(username) });
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: errorMessageOf(error, SIGN_IN_LOCK_TEXTS.unlockFailed) });
    },
    // A refusal re-reads too: the lock ended meanwhile, or the user was deleted (the page says so).
    onSettled: (_result, error, { userId }) =>
      queryClient.invalidateQueries({
        queryKey: isNotFound(error) ? adminKeys.user(userId) : adminKeys.signInLock(userId),
      }),
  });
}
