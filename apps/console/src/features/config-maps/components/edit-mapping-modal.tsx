import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { RefusalSaid } from '../../../shared/forms/refused-field';
import { mappingValueSchema } from '@web-control/contract/config-maps';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { ModalContentProps } from '../../../shared/modals/modal-definition';
import { CONFIG_MESSAGES, MAPPINGS_TEXTS } from '../constants';
import { currentOfConflict } from '../api/edit-mapping';
import { changedValueOf } from '../mappings/mapping-display';
import type { EditMappingParams } from './modal-definitions';
import { useModalLeaveGuard } from '../../../shared/forms/use-leave-guard';

const editFormSchema = z.object({ value: mappingValueSchema });
type EditField = z.input<typeof editFormSchema>;
type EditValues = z.output<typeof editFormSchema>;

/**
 * Edits one value. The patch tests the value this modal was opened on; when someone else changed
 * it first (409) the modal stays open with what was typed, shows the value as it is now, and the
 * next Save replaces that one: no edit is lost silently.
 */
export function EditMappingContent({
  params,
  submitting,
  submit,
  answer,
  dismiss,
}: ModalContentProps<EditMappingParams, true>) {
  const initialConflict = params.conflict;
  // The value the next patch tests: the one shown when opened, or the other person's after a conflict.
  const [base, setBase] = useState<string | null>(
    initialConflict ? initialConflict.current : params.mapping.value,
  );
  const [conflicted, setConflicted] = useState(initialConflict !== undefined);
  const form = useForm<EditField, unknown, EditValues>({
    resolver: zodResolver(editFormSchema),
    defaultValues: { value: params.typedValue ?? params.mapping.value },
  });
  // Opened again with what was typed before a conflict, the value is a change though it is the default.
  const typed = useWatch({ control: form.control, name: 'value' });
  useModalLeaveGuard(typed !== params.mapping.value, submitting);

  const save = form.handleSubmit(({ value }) => {
    if (submitting || base === null) return;
    const changed = changedValueOf(base, value);
    // Sent only if the value changed (section 5).
    if (changed === null) {
      answer(true);
      return;
    }
    submit(async () => {
      try {
        await params.apply(base, changed);
        return true as const;
      } catch (error) {
        const current = currentOfConflict(error);
        if (current !== undefined) {
          setBase(current?.value ?? null);
          setConflicted(true);
          // Said once, by the alert above the value.
          throw new RefusalSaid();
        }
        throw error;
      }
    });
  });

  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      <Stack>
        <Text>
          {MAPPINGS_TEXTS.key}: <strong>{params.mapping.key}</strong>
        </Text>
        {conflicted ? (
          <Alert color="orange" role="alert" title={CONFIG_MESSAGES.editConflict(params.mapping.key)}>
            {base === null ? CONFIG_MESSAGES.editConflictDeleted : CONFIG_MESSAGES.editConflictCurrent(base)}
          </Alert>
        ) : null}
        <TextInput
          label={MAPPINGS_TEXTS.value}
          required
          autoComplete="off"
          error={form.formState.errors.value?.message}
          disabled={submitting}
          data-autofocus
          {...form.register('value')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={dismiss} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting} disabled={base === null}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
