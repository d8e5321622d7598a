/** The authenticated account and its transitions (specification section 4). */
export interface Account {
  accessToken: string | null;
  refreshToken: string | null;
  username: string | null;
  userPermissions: string[];
  isAuthenticated: boolean;
  isAuthenticating: boolean;
  loading: boolean;
  error: unknown;
}

export type AccountEvent =
  | { type: 'authenticating' }
  | {
      type: 'authenticated';
      accessToken: string;
      refreshToken: string;
      username: string;
      permissions: string[];
    }
  | { type: 'failed'; error: unknown }
  | { type: 'checked-stored-tokens' }
  | { type: 'signed-out' };

export const INITIAL_ACCOUNT: Account = {
  accessToken: null,
  refreshToken: null,
  username: null,
  userPermissions: [],
  isAuthenticated: false,
  isAuthenticating: false,
  loading: true,
  error: null,
};

function sameAccount(a: Account, b: Account): boolean {
  return (Object.keys(a) as (keyof Account)[]).every((key) => {
    const [x, y] = [a[key], b[key]];
    return Array.isArray(x) && Array.isArray(y)
      ? x.length === y.length && x.every((item, index) => item === y[index])
      : Object.is(x, y);
  });
}

/**
 * The account after an event: the same object when the event changes nothing (the tokens restored
 * again, another tab's sign-in of the same pair), so nothing that reads it is drawn again.
 */
export function reduceAccount(account: Account, event: AccountEvent): Account {
  const next = nextAccount(account, event);
  return sameAccount(account, next) ? account : next;
}

function nextAccount(account: Account, event: AccountEvent): Account {
  switch (event.type) {
    case 'authenticating':
      return { ...account, isAuthenticating: true, userPermissions: [], username: null, error: null };
    case 'authenticated':
      return {
        ...account,
        accessToken: event.accessToken,
        refreshToken: event.refreshToken,
        username: event.username,
        userPermissions: event.permissions,
        isAuthenticated: true,
        isAuthenticating: false,
        loading: false,
        error: null,
      };
    case 'failed':
      return { ...account, isAuthenticating: false, loading: false, error: event.error };
    case 'checked-stored-tokens':
      return { ...account, loading: false };
    case 'signed-out':
      return { ...INITIAL_ACCOUNT, loading: false };
  }
}
