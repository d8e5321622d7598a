import { Alert, Center, Loader, Text } from '@mantine/core';

/** A first load: a loader. Background refreshes never show it. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center p="md">
      <Loader size="sm" aria-label={label} />
    </Center>
  );
}

export function LoadFailed({ text }: { text: string }) {
  return (
    <Alert color="red" role="alert">
      {text}
    </Alert>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <Text c="dimmed" role="status">
      {text}
    </Text>
  );
}
