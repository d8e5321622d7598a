import { Group, Text } from '@mantine/core';
import { PRODUCT_VERSION } from '@web-control/contract/health';

export function Footer({ clientName }: { clientName: string }) {
  return (
    <Group h="100%" px="md" justify="space-between">
      <Text size="xs" c="dimmed">
        v{PRODUCT_VERSION}
      </Text>
      <Text size="xs" c="dimmed">
        © {new Date().getFullYear()} {clientName}. All rights reserved.
      </Text>
    </Group>
  );
}
