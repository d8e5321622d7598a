import { Button, Group, Text } from '@mantine/core';
import { formatDateTime } from '../../../shared/format/dates';
import { useSignInLock, useUnlockSignIn } from '../api/sign-in-lock';
import { SIGN_IN_LOCK_TEXTS } from '../sign-in-lock-texts';

/**
 * Whether wrong passwords keep the user out, with Unlock: the sign-in page says only "wrong
 * username or password" (it must not tell who exists), so this is where support sees why.
 */
export function SignInLockStatus({ userId, username }: { userId: string; username: string }) {
  const lock = useSignInLock(userId);
  const unlock = useUnlockSignIn();

  if (lock.isPending) return <Text size="sm">{SIGN_IN_LOCK_TEXTS.loading}</Text>;
  if (lock.isError) {
    return (
      <Group gap="xs">
        <Text size="sm">{SIGN_IN_LOCK_TEXTS.loadFailed}</Text>
        <Button size="compact-sm" variant="light" onClick={() => void lock.refetch()}>
          {SIGN_IN_LOCK_TEXTS.retry}
        </Button>
      </Group>
    );
  }
  const { lockedUntil, failedAttempts } = lock.data;
  if (lockedUntil === null) {
    return (
      <Text size="sm">
        {failedAttempts === 0 ? SIGN_IN_LOCK_TEXTS.open : SIGN_IN_LOCK_TEXTS.wrongSince(failedAttempts)}
      </Text>
    );
  }
  return (
    <Group gap="xs">
      <Text size="sm" c="red" fw={600}>
        {SIGN_IN_LOCK_TEXTS.locked(formatDateTime(lockedUntil))}
      </Text>
      <Button
        size="compact-sm"
        variant="light"
        loading={unlock.isPending}
        aria-label={`${SIGN_IN_LOCK_TEXTS.unlock} ${username}`}
        onClick={() => unlock.mutate({ userId, username })}
      >
        {SIGN_IN_LOCK_TEXTS.unlock}
      </Button>
    </Group>
  );
}
