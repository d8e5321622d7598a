// The area's lazily loaded route module: one chunk for its screens.
export { AdminLayout } from './admin-layout';
export { CreateRole, EditRole } from './roles/role-form';
export { RoleDetail } from './roles/role-detail';
export { RolesPage, SelectRoleNote } from './roles/roles-page';
export { CreateUser, EditUser } from './users/user-form';
export { UserDetail } from './users/user-detail';
export { SelectUserNote, UsersPage } from './users/users-page';
export { AdminReviewPage } from './review/admin-review-page';
