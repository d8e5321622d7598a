import { zodResolver } from '@hookform/resolvers/zod';
import { TextInput } from '@mantine/core';
import { createMapBodySchema, type CreateMapBody } from '@web-control/contract/config-maps';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ModalActions } from '../../../shared/modals/modal-actions';
import type { ModalContentProps } from '../../../shared/modals/modal-definition';
import type { CreateMapParams } from './modal-definitions';

export const MAP_NAME_LABEL = 'Name';
const CREATE_MAP_CONFIRM = 'Create';

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
      <ModalActions confirmLabel={CREATE_MAP_CONFIRM} submitting={submitting} dismiss={dismiss} />
    </form>
  );
}
