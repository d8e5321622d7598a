import { SimpleGrid, UnstyledButton, Group, Text } from '@mantine/core';
import type { PermissionOption } from '@web-control/contract/admin';
import { LockedIcon, UnlockedIcon } from '../components/lock-icons';
import classes from './permission-toggles.module.css';

interface PermissionTogglesProps {
  permissions: PermissionOption[];
  held: ReadonlySet<number>;
  /** Without it the toggles only show what the role holds. */
  onToggle?: (permissionId: number) => void;
}

/** Each permission is on (unlocked icon) or off (locked icon); a click flips it. */
export function PermissionToggles({ permissions, held, onToggle }: PermissionTogglesProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" role="group" aria-label="Permissions">
      {permissions.map(({ id, permission }) => {
        const on = held.has(id);
        const content = (
          <Group gap="xs" wrap="nowrap">
            {on ? <UnlockedIcon /> : <LockedIcon />}
            <Text size="sm">{permission}</Text>
          </Group>
        );
        return onToggle ? (
          <UnstyledButton
            key={id}
            className={classes.toggle}
            data-on={on || undefined}
            aria-pressed={on}
            onClick={() => onToggle(id)}
          >
            {content}
          </UnstyledButton>
        ) : (
          <div
            key={id}
            className={classes.toggle}
            data-on={on || undefined}
            aria-label={`${permission}: ${on ? 'granted' : 'not granted'}`}
          >
            {content}
          </div>
        );
      })}
    </SimpleGrid>
  );
}
