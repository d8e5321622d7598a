import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { reviewBodySchema } from '@web-control/contract/finance';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ModalContentProps } from '../../../shared/modals/modal-definition';
import { COMMENT_PLACEHOLDER } from '../messages';
import type { CommentModalParams } from './comment-modal-definition';

type CommentField = z.input<typeof reviewBodySchema>;
type CommentValues = z.output<typeof reviewBodySchema>;

export function CommentModalContent({
  params,
  answer,
  dismiss,
}: ModalContentProps<CommentModalParams, string>) {
  const form = useForm<CommentField, unknown, CommentValues>({
    resolver: zodResolver(reviewBodySchema),
    defaultValues: { comment: '' },
  });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit((values) => answer(values.comment))(event)}>
      <Text mb="sm">{params.text}</Text>
      <Textarea
        aria-label="Comment"
        placeholder={COMMENT_PLACEHOLDER}
        required
        minRows={2}
        error={form.formState.errors.comment?.message}
        {...form.register('comment')}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={dismiss}>
          Cancel
        </Button>
        <Button type="submit" color={params.confirmColor}>
          {params.confirmLabel}
        </Button>
      </Group>
    </form>
  );
}
