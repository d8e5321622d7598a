import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, TextInput } from '@mantine/core';
import { createMappingBodySchema, type CreateMappingBody } from '@web-control/contract/config-maps';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { markRefusedField } from '../../../shared/forms/refused-field';
import { useCreateMapping } from '../api/create-mapping';
import { MAPPING_FORM_FIELDS, MAPPINGS_TEXTS } from '../constants';

/**
 * The input row at the top of the table in edit mode: Enter in either field adds the mapping.
 * Both fields are required, with the one message the specification gives for either, shown at
 * the field it is about.
 */
export function AddMappingForm({
  mapId,
  onTypedChange,
}: {
  mapId: string;
  /** Whether the row holds typed text not yet added, told as it changes (and false once it is gone). */
  onTypedChange: (typed: boolean) => void;
}) {
  const createMapping = useCreateMapping();
  const form = useForm<z.input<typeof createMappingBodySchema>, unknown, CreateMappingBody>({
    resolver: zodResolver(createMappingBodySchema),
    defaultValues: { key: '', value: '' },
  });
  const { errors, isDirty } = form.formState;
  const keyInput = useRef<HTMLInputElement | null>(null);
  const keyField = form.register('key');
  // The next mapping is typed at once: Enter added this one from the keyboard.
  const [added, setAdded] = useState(0);
  useEffect(() => {
    const key = keyInput.current;
    if (added === 0 || key === null) return;
    // Unless the user went on elsewhere while it was sent (an inline edit would lose its text).
    const active = document.activeElement;
    if (active === document.body || key.form?.contains(active)) key.focus();
  }, [added]);
  useEffect(() => {
    onTypedChange(isDirty);
    return () => onTypedChange(false);
  }, [isDirty, onTypedChange]);
  const add = form.handleSubmit(async (values) => {
    try {
      await createMapping.mutateAsync({ mapId, ...values });
      form.reset();
      setAdded((count) => count + 1);
    } catch (error) {
      // A key taken is said at the key; any other failure in the hook's toast. The typed key and
      // value stay for another try.
      markRefusedField(error, MAPPING_FORM_FIELDS, form.setError);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void add(event)} aria-label="Add mapping">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          aria-label={MAPPINGS_TEXTS.newKey}
          placeholder={MAPPINGS_TEXTS.key}
          autoComplete="off"
          error={errors.key?.message}
          readOnly={createMapping.isPending}
          style={{ flex: 1 }}
          {...keyField}
          ref={(node) => {
            keyField.ref(node);
            keyInput.current = node;
          }}
        />
        <TextInput
          aria-label={MAPPINGS_TEXTS.newValue}
          placeholder={MAPPINGS_TEXTS.value}
          autoComplete="off"
          error={errors.value?.message}
          readOnly={createMapping.isPending}
          style={{ flex: 2 }}
          {...form.register('value')}
        />
        <Button type="submit" loading={createMapping.isPending}>
          {MAPPINGS_TEXTS.add}
        </Button>
      </Group>
    </form>
  );
}
