import { useRoles } from '../api/roles';
import { MasterDetail, SelectNote } from '../components/master-detail';
import { ROLES_PATH } from '../paths';

export function RolesPage() {
  const roles = useRoles();
  return (
    <MasterDetail
      title="Role Management"
      createLabel="create role"
      createPath={`${ROLES_PATH}/create`}
      query={roles}
      emptyText="No roles yet."
      findLabel="Find role"
      exportList="roles"
      listLabel="Roles"
      itemKey={(role) => String(role.roleId)}
      itemLabel={(role) => role.role}
      itemPath={(role) => `${ROLES_PATH}/${role.roleId}`}
    />
  );
}

export function SelectRoleNote() {
  return <SelectNote text="Select a role" />;
}
