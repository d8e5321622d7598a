import { zodResolver } from '@hookform/resolvers/zod';
import { TextInput } from '@mantine/core';
import {
  createMapBodySchema,
  MAP_ID_MAX_LENGTH,
  MAP_NAME_MAX_LENGTH,
  type CreateMapBody,
} from '@web-control/contract/config-maps';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { sayAtField } from '../../../shared/forms/refused-field';
import { ModalActions } from '../../../shared/modals/modal-actions';
import type { ModalContentProps } from '../../../shared/modals/modal-definition';
import { MAP_FORM_FIELDS } from '../constants';
import type { CreateMapParams } from './modal-definitions';
import { useModalLeaveGuard } from '../../../shared/forms/use-leave-guard';

export const MAP_ID_LABEL = 'Id';
export const MAP_NAME_LABEL = 'Name';
const CREATE_MAP_CONFIRM = 'Create';

/** Id and name, both required; Create stays disabled while either is invalid (specification 1, section 5). */
export function CreateMapContent({
  params,
  submitting,
  submit,
  dismiss,
}: ModalContentProps<CreateMapParams, true>) {
  const form = useForm<z.input<typeof createMapBodySchema>, unknown, CreateMapBody>({
    resolver: zodResolver(createMapBodySchema),
    defaultValues: { id: '', name: '' },
    mode: 'onChange',
  });
  useModalLeaveGuard(form.formState.isDirty, submitting);
  const { errors, isValid } = form.formState;
  const save = form.handleSubmit((values) => {
    // An id taken is said at the Id, and the modal stays for another one.
    if (!submitting) {
      submit(() =>
        params.apply(values).then(() => true as const, sayAtField(MAP_FORM_FIELDS, form.setError)),
      );
    }
  });
  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      <TextInput
        label={MAP_ID_LABEL}
        description={`Lowercase letters, digits, dots, hyphens and underscores; at most ${MAP_ID_MAX_LENGTH} characters.`}
        required
        autoComplete="off"
        error={errors.id?.message}
        disabled={submitting}
        data-autofocus
        {...form.register('id')}
      />
      <TextInput
        label={MAP_NAME_LABEL}
        description={`At most ${MAP_NAME_MAX_LENGTH} characters.`}
        required
        autoComplete="off"
        mt="sm"
        error={errors.name?.message}
        disabled={submitting}
        {...form.register('name')}
      />
      <ModalActions
        confirmLabel={CREATE_MAP_CONFIRM}
        submitting={submitting}
        dismiss={dismiss}
        confirmDisabled={!isValid}
      />
    </form>
  );
}
