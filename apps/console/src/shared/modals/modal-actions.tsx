import { Button, Group } from '@mantine/core';

interface ModalActionsProps {
  confirmLabel: string;
  confirmColor?: string;
  submitting: boolean;
  dismiss: () => void;
}

/** A form modal's Cancel and submit buttons; both wait while the submission runs. */
export function ModalActions({ confirmLabel, confirmColor, submitting, dismiss }: ModalActionsProps) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={dismiss} disabled={submitting}>
        Cancel
      </Button>
      <Button type="submit" color={confirmColor} autoContrast loading={submitting}>
        {confirmLabel}
      </Button>
    </Group>
  );
}
