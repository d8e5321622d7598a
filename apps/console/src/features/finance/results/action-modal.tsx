import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { transactionActionBodySchema } from '@web-control/contract/finance-results';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ModalContentProps } from '../../../shared/modals/modal-definition';
import { COMMENT_PLACEHOLDER } from '../messages';
import type { ActionModalParams, ActionModalResult } from './action-modal-definition';

type CommentField = z.input<typeof transactionActionBodySchema>;
type CommentValues = z.output<typeof transactionActionBodySchema>;

export const CHOOSE_PARTY = 'Please choose the correct party.';

export function ActionModalContent({
  params,
  answer,
  dismiss,
}: ModalContentProps<ActionModalParams, ActionModalResult>) {
  const form = useForm<CommentField, unknown, CommentValues>({
    resolver: zodResolver(transactionActionBodySchema),
    defaultValues: { comment: '' },
  });
  const [partyId, setPartyId] = useState<string | null>(null);
  const [partyMissing, setPartyMissing] = useState(false);
  const parties = params.parties;

  const onValid = (values: CommentValues) => {
    if (!parties) return answer({ comment: values.comment });
    if (partyId === null) return setPartyMissing(true);
    answer({ comment: values.comment, partyId: Number(partyId) });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (parties && partyId === null) setPartyMissing(true);
        void form.handleSubmit(onValid)(event);
      }}
    >
      <Stack>
        <Text>{params.text}</Text>
        {parties ? (
          <Radio.Group
            label="Correct party"
            value={partyId}
            onChange={(value) => {
              setPartyId(value);
              setPartyMissing(false);
            }}
            error={partyMissing ? CHOOSE_PARTY : undefined}
            required
          >
            <Group mt="xs">
              {parties.map((party) => (
                <Radio key={party.id} value={String(party.id)} label={party.name} />
              ))}
            </Group>
          </Radio.Group>
        ) : null}
        <Textarea
          aria-label="Comment"
          placeholder={COMMENT_PLACEHOLDER}
          required
          minRows={2}
          error={form.formState.errors.comment?.message}
          {...form.register('comment')}
        />
      </Stack>
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
