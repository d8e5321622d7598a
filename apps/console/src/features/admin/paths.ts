export const ADMIN_PATH = '/dashboard/admin';
export const USERS_PATH = `${ADMIN_PATH}/users`;
export const ROLES_PATH = `${ADMIN_PATH}/roles`;
export const ADMIN_REVIEWS_PATH = `${ADMIN_PATH}/reviews`;

/** The auth API's list of users: the users screen's first call. */
export const USERS_API_PATH = '/manage/users';
