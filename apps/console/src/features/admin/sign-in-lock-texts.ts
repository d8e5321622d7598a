/** The texts of a user's password sign-in row. */
export const SIGN_IN_LOCK_TEXTS = {
  name: 'Password sign-in',
  loading: 'Checking…',
  loadFailed: 'Could not be checked.',
  retry: 'Try again',
  open: 'Not locked',
  wrongSince: (count: number) =>
    `Not locked; ${count} wrong ${count === 1 ? 'password' : 'passwords'} in a row`,
  locked: (until: string) => `Locked after too many wrong passwords, until ${until}`,
  unlock: 'Unlock',
  unlocked: (username: string) => `${username} can sign in with their password again.`,
  unlockFailed: 'Could not unlock the user. Please try again or contact support.',
} as const;
