export const USERS_TITLE = 'User Management';
