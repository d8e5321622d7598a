import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Group, Radio, Text, Textarea } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { CommentModalParams } from './comment-modal-definition';
import { ModalActions } from './modal-actions';
import type { ModalContentProps } from './modal-definition';
import { useModalLeaveGuard } from '../forms/use-leave-guard';

/** The comment field's accessible name where the modal gives no visible label. */
export const COMMENT_FIELD_NAME = 'Comment';

export function CommentModalContent({
  params,
  submitting,
  submit,
  dismiss,
}: ModalContentProps<CommentModalParams, true>) {
  const { choice } = params;
  const form = useForm<{ comment: string; choice: string }>({
    resolver: zodResolver(
      z.object({
        comment: params.schema,
        choice: choice ? z.string().min(1, choice.missingText) : z.string(),
      }),
    ),
    defaultValues: { comment: '', choice: '' },
  });
  useModalLeaveGuard(form.formState.isDirty, submitting);
  const picked = useWatch({ control: form.control, name: 'choice' });
  const save = form.handleSubmit((values) => {
    if (!submitting) submit(() => params.apply(values.comment, values.choice).then(() => true as const));
  });
  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      {params.warning ? (
        <Alert color="orange" mb="sm">
          {params.warning}
        </Alert>
      ) : null}
      {params.text ? <Text mb="sm">{params.text}</Text> : null}
      {choice ? (
        <Radio.Group
          label={choice.label}
          value={picked || null}
          onChange={(value) => form.setValue('choice', value, { shouldValidate: form.formState.isSubmitted })}
          error={form.formState.errors.choice?.message}
          required
          mb="sm"
        >
          <Group mt="xs">
            {choice.options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} disabled={submitting} />
            ))}
          </Group>
        </Radio.Group>
      ) : null}
      <Textarea
        label={params.label}
        aria-label={params.label ? undefined : COMMENT_FIELD_NAME}
        placeholder={params.placeholder}
        required
        minRows={2}
        error={form.formState.errors.comment?.message}
        disabled={submitting}
        data-autofocus
        {...form.register('comment')}
      />
      <ModalActions
        confirmLabel={params.confirmLabel}
        confirmColor={params.confirmColor}
        submitting={submitting}
        dismiss={dismiss}
      />
    </form>
  );
}
