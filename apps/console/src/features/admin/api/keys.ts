export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  user: (userId: string) => [...adminKeys.users(), userId] as const,
  identities: (userId: string) => [...adminKeys.user(userId), 'identities'] as const,
  signInLock: (userId: string) => [...adminKeys.user(userId), 'sign-in-lock'] as const,
  roles: () => [...adminKeys.all, 'roles'] as const,
  permissions: () => [...adminKeys.all, 'permissions'] as const,
  review: (requestId: string) => [...adminKeys.all, 'reviews', requestId] as const,
};

/** A saved user's or role's id, or, with FOUR_EYES=admin, a request sent for review. */
export type Saved<Id> = { id: Id } | 'sent-for-review';
