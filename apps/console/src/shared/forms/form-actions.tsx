import { Button, Group } from '@mantine/core';

interface FormActionsProps {
  onCancel: () => void;
  submitting: boolean;
  submitLabel?: string;
}

/** Cancel and the submit button, right-aligned, as every edit form ends. */
export function FormActions({ onCancel, submitting, submitLabel = 'Save' }: FormActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
