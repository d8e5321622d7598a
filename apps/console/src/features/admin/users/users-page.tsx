import { useUsers } from '../api/users';
import { MasterDetail, SelectNote } from '../components/master-detail';
import { USERS_PATH } from '../paths';
import { USERS_TITLE } from '../titles';

export function UsersPage() {
  const users = useUsers();
  return (
    <MasterDetail
      title={USERS_TITLE}
      createLabel="create user"
      createPath={`${USERS_PATH}/create`}
      query={users}
      emptyText="No users yet."
      findLabel="Find user"
      exportList="users"
      listLabel="Users"
      itemKey={(user) => user.userId}
      itemLabel={(user) => user.username}
      itemPath={(user) => `${USERS_PATH}/${user.userId}`}
    />
  );
}

export function SelectUserNote() {
  return <SelectNote text="Select a user" />;
}
