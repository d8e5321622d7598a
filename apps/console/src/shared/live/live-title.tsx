import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LiveControl } from './live-control';

/** A refreshing screen's heading with its Live/Paused control beside it. */
export function LiveTitle({ children }: { children: ReactNode }) {
  return (
    <Group justify="space-between" align="center">
      <Title order={1}>{children}</Title>
      <LiveControl />
    </Group>
  );
}
