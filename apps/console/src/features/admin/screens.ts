import { defineArea } from '../../shared/screens/define-area';
import { ADMIN_PATH, ADMIN_REVIEWS_PATH, ROLES_PATH, USERS_API_PATH, USERS_PATH } from './paths';
import { USERS_TITLE } from './titles';

export const ADMIN_SCREENS = defineArea({
  permissions: ['MANAGE_USERS'],
  load: () => import('./routes'),
  screens: [
    {
      path: ADMIN_PATH,
      component: (area) => area.AdminLayout,
      children: [
        { redirectTo: USERS_PATH },
        {
          path: USERS_PATH,
          component: (area) => area.UsersPage,
          paletteLabel: 'Users',
          shell: {
            heading: USERS_TITLE,
            above: 'tabs',
            earlyCalls: [{ api: 'authApi', path: USERS_API_PATH }],
          },
          children: [
            { component: (area) => area.SelectUserNote },
            {
              path: `${USERS_PATH}/create`,
              component: (area) => area.CreateUser,
              paletteLabel: 'Create User',
            },
            { path: `${USERS_PATH}/:userId`, component: (area) => area.UserDetail },
            { path: `${USERS_PATH}/:userId/edit`, component: (area) => area.EditUser },
          ],
        },
        {
          path: ROLES_PATH,
          component: (area) => area.RolesPage,
          paletteLabel: 'Roles',
          children: [
            { component: (area) => area.SelectRoleNote },
            {
              path: `${ROLES_PATH}/create`,
              component: (area) => area.CreateRole,
              paletteLabel: 'Create Role',
            },
            { path: `${ROLES_PATH}/:roleId`, component: (area) => area.RoleDetail },
            { path: `${ROLES_PATH}/:roleId/edit`, component: (area) => area.EditRole },
          ],
        },
      ],
    },
    // A user or role change sent for review (FOUR_EYES=admin), opened from the Reviews inbox.
    { path: `${ADMIN_REVIEWS_PATH}/:requestId`, component: (area) => area.AdminReviewPage },
  ],
  menu: { label: USERS_TITLE, to: USERS_PATH },
});
