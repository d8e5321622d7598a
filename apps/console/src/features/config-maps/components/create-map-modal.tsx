import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, TextInput } from '@mantine/core';
import { createMapBodySchema, type CreateMapBody } from '@web-control/contract/config-maps';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ModalContentProps } from '../../../shared/modals/modal-definition';
import type { CreateMapParams } from './modal-definitions';

export const MAP_NAME_LABEL = 'Name';

export function CreateMapContent({
  params,
  submitting,
  submit,
  dismiss,
}: ModalContentProps<CreateMapParams, true>) {
  const form = useForm<z.input<typeof createMapBodySchema>, unknown, CreateMapBody>({
    resolver: zodResolver(createMapBodySchema),
    defaultValues: { name: '' },
  });
  const save = form.handleSubmit((values) => {
    if (!submitting) submit(() => params.apply(values.name).then(() => true as const));
  });
  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      <TextInput
        label={MAP_NAME_LABEL}
        required
        autoComplete="off"
        error={form.formState.errors.name?.message}
        disabled={submitting}
        data-autofocus
        {...form.register('name')}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={dismiss} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" loading={submitting}>
          Create
        </Button>
      </Group>
    </form>
  );
}
