import type { RouteObject } from 'react-router';
import { UserDetail } from './user-detail';

/** The user page alone, for the tests of its sections. */
export const USER_DETAIL_ROUTES: RouteObject[] = [
  { path: '/dashboard/admin/users/:userId', element: <UserDetail /> },
];
export const USER_PATH = '/dashboard/admin/users/u-1';

/** The user the page shows: jo, of the Support role. */
export const USER_JO = {
  userId: 'u-1',
  username: 'jo',
  email: 'jo@bank.example',
  msisdn: null,
  roles: [{ roleId: 7, role: 'Support' }],
  version: 1,
};
