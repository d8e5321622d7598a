import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Text, Textarea } from '@mantine/core';
import { submitVersionBodySchema, type SubmitVersionBody } from '@web-control/contract/config-maps';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ModalContentProps } from '../../../shared/modals/modal-definition';
import { COMMENT_REQUIRED } from '../constants';
import type { CommentParams } from './modal-definitions';

/** Submit for review and the review itself: a required comment (specification 3, section 5). */
export function CommentContent({
  params,
  submitting,
  submit,
  dismiss,
}: ModalContentProps<CommentParams, true>) {
  const form = useForm<z.input<typeof submitVersionBodySchema>, unknown, SubmitVersionBody>({
    resolver: zodResolver(submitVersionBodySchema),
    defaultValues: { comment: '' },
  });
  const save = form.handleSubmit((values) => {
    if (!submitting) submit(() => params.apply(values.comment).then(() => true as const));
  });
  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      {params.warning ? (
        <Alert color="orange" mb="sm">
          {params.warning}
        </Alert>
      ) : null}
      {params.text ? <Text mb="sm">{params.text}</Text> : null}
      <Textarea
        label={COMMENT_REQUIRED}
        required
        minRows={2}
        error={form.formState.errors.comment?.message}
        disabled={submitting}
        data-autofocus
        {...form.register('comment')}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={dismiss} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" color={params.confirmColor} autoContrast loading={submitting}>
          {params.confirmLabel}
        </Button>
      </Group>
    </form>
  );
}
