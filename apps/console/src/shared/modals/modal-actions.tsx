import { Button, Group } from '@mantine/core';

interface ModalActionsProps {
  confirmLabel: string;
  confirmColor?: string;
  submitting: boolean;
  dismiss: () => void;
  /** A form that is not valid yet (the create-map form) keeps its submit button disabled. */
  confirmDisabled?: boolean;
}

/** A form modal's Cancel and submit buttons; both wait while the submission runs. */
export function ModalActions({
  confirmLabel,
  confirmColor,
  submitting,
  dismiss,
  confirmDisabled = false,
}: ModalActionsProps) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={dismiss} disabled={submitting}>
        Cancel
      </Button>
      <Button type="submit" color={confirmColor} autoContrast loading={submitting} disabled={confirmDisabled}>
        {confirmLabel}
      </Button>
    </Group>
  );
}
