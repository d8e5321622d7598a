export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  user: (userId: string) => [...adminKeys.users(), userId] as const,
  identities: (userId: string) => [...adminKeys.user(userId), 'identities'] as const,
  roles: () => [...adminKeys.all, 'roles'] as const,
  permissions: () => [...adminKeys.all, 'permissions'] as const,
};
