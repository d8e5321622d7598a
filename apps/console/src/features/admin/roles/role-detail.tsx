import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CHANGE_HELD_ROLE_MESSAGE } from '@web-control/contract/admin';
import { Link, useNavigate, useParams } from 'react-router';
import { preloadModalsOnIntent, usePreloadModalsWhenIdle } from '../../../shared/modals/preload';
import { LoadingState } from '../../../shared/ui/query-state';
import { useDeleteRole } from '../api/roles';
import { useHoldsRole } from './use-holds-role';
import { ChoicesError } from '../../../shared/ui/choices-error';
import { useRoleData } from './use-role-data';
import { DELETE_MODALS, deleteWithConfirmation } from '../components/delete-with-confirmation';
import { useKeepFind } from '../components/keep-find';
import { PermissionToggles } from './permission-toggles';
import { ROLES_PATH } from '../paths';

export const DELETE_ROLE_FAILED = 'Failed to delete role';
export const ROLE_NOT_FOUND = 'This role does not exist (any more).';
const HELD_ROLE_NOTE_ID = 'held-role-note';

export function RoleDetail() {
  const roleId = Number(useParams().roleId);
  const navigate = useNavigate();
  const keepFind = useKeepFind();
  const { pending, failed, role, permissions } = useRoleData(roleId);
  const deleteRole = useDeleteRole();
  // One's own role is not one's to change (the platform refuses it): said before Edit is tried.
  const held = useHoldsRole(roleId);
  usePreloadModalsWhenIdle(DELETE_MODALS);

  if (pending) return <LoadingState />;
  if (failed) return <ChoicesError {...failed} />;
  if (!role || !permissions) {
    return (
      <Alert color="yellow" role="status">
        {ROLE_NOT_FOUND}
      </Alert>
    );
  }

  const remove = async () => {
    const outcome = await deleteWithConfirmation(() => deleteRole.mutateAsync(roleId), DELETE_ROLE_FAILED);
    if (outcome === 'done') await navigate(keepFind(ROLES_PATH));
  };

  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={2}>{role.role}</Title>
          <Group>
            {held ? (
              <Button variant="light" disabled aria-describedby={HELD_ROLE_NOTE_ID}>
                Edit
              </Button>
            ) : (
              <Button component={Link} to={keepFind(`${ROLES_PATH}/${roleId}/edit`)} variant="light">
                Edit
              </Button>
            )}
            <Button
              color="red"
              variant="light"
              onClick={() => void remove()}
              loading={deleteRole.isPending}
              {...preloadModalsOnIntent(DELETE_MODALS)}
            >
              Delete
            </Button>
          </Group>
        </Group>
        {held ? (
          <Text size="sm" c="dimmed" id={HELD_ROLE_NOTE_ID}>
            {CHANGE_HELD_ROLE_MESSAGE}
          </Text>
        ) : null}
        <PermissionToggles
          permissions={permissions}
          held={new Set(role.permissions.map((permission) => permission.id))}
        />
      </Stack>
    </Paper>
  );
}
