import { Button, Loader } from '@mantine/core';

interface RefreshButtonProps {
  fetching: boolean;
  onRefresh: () => void;
  label?: string;
}

/**
 * Refresh keeps its label while a refresh runs (Mantine's `loading` blanks it): a small loader
 * beside the label says it is busy.
 */
export function RefreshButton({ fetching, onRefresh, label = 'Refresh' }: RefreshButtonProps) {
  return (
    <Button
      variant="default"
      onClick={onRefresh}
      disabled={fetching}
      leftSection={fetching ? <Loader size={14} aria-hidden /> : null}
    >
      {label}
    </Button>
  );
}
