import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { holdStatusBodySchema, redemptionRollBodySchema } from '@web-control/contract/vouchers';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useIdempotentSend } from '../../../shared/http/idempotency';
import type { ModalContentProps } from '../../../shared/modals/modal-definition';
import { DETAIL_TEXTS, MODAL_TEXTS } from '../constants';
import type { HoldParams, RollParams } from './voucher-modal-definitions';
import { useModalLeaveGuard } from '../../../shared/forms/use-leave-guard';

const holdFormSchema = holdStatusBodySchema.pick({ reason: true });
type HoldField = z.input<typeof holdFormSchema>;
type HoldValues = z.output<typeof holdFormSchema>;
type RollField = z.input<typeof redemptionRollBodySchema>;
type RollValues = z.output<typeof redemptionRollBodySchema>;

function ModalButtons({
  confirmLabel,
  submitting,
  dismiss,
}: {
  confirmLabel: string;
  submitting: boolean;
  dismiss: () => void;
}) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={dismiss} disabled={submitting}>
        {MODAL_TEXTS.cancel}
      </Button>
      <Button type="submit" color="orange" loading={submitting}>
        {confirmLabel}
      </Button>
    </Group>
  );
}

export function HoldContent({ params, submitting, submit, dismiss }: ModalContentProps<HoldParams, true>) {
  const { reference, onHold, apply } = params;
  const send = useIdempotentSend();
  const form = useForm<HoldField, unknown, HoldValues>({
    resolver: zodResolver(holdFormSchema),
    defaultValues: { reason: '' },
  });
  useModalLeaveGuard(form.formState.isDirty, submitting);
  const save = form.handleSubmit(({ reason }) => {
    const body = { onHold, reason };
    if (!submitting) submit(() => send(body, (key) => apply(body, key)).then(() => true as const));
  });
  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      <Stack>
        <Text>{onHold ? MODAL_TEXTS.holdQuestion(reference) : MODAL_TEXTS.releaseQuestion(reference)}</Text>
        <Textarea
          label={MODAL_TEXTS.comment}
          required
          minRows={2}
          disabled={submitting}
          error={form.formState.errors.reason?.message}
          data-autofocus
          {...form.register('reason')}
        />
      </Stack>
      <ModalButtons
        confirmLabel={onHold ? DETAIL_TEXTS.placeOnHold : DETAIL_TEXTS.releaseHold}
        submitting={submitting}
        dismiss={dismiss}
      />
    </form>
  );
}

export function RollContent({ params, submitting, submit, dismiss }: ModalContentProps<RollParams, true>) {
  const { reference, direction, apply } = params;
  const send = useIdempotentSend();
  const form = useForm<RollField, unknown, RollValues>({
    resolver: zodResolver(redemptionRollBodySchema),
    defaultValues: { supportId: '', comment: '' },
  });
  useModalLeaveGuard(form.formState.isDirty, submitting);
  const save = form.handleSubmit((body) => {
    if (!submitting) submit(() => send(body, (key) => apply(body, key)).then(() => true as const));
  });
  const back = direction === 'roll-back';
  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      <Stack>
        <Text>
          {back ? MODAL_TEXTS.rollBackQuestion(reference) : MODAL_TEXTS.rollForwardQuestion(reference)}
        </Text>
        <TextInput
          label={MODAL_TEXTS.supportId}
          required
          autoComplete="off"
          disabled={submitting}
          error={form.formState.errors.supportId?.message}
          data-autofocus
          {...form.register('supportId')}
        />
        <Textarea
          label={MODAL_TEXTS.comment}
          required
          minRows={2}
          disabled={submitting}
          error={form.formState.errors.comment?.message}
          {...form.register('comment')}
        />
      </Stack>
      <ModalButtons
        confirmLabel={back ? DETAIL_TEXTS.rollBack : DETAIL_TEXTS.rollForward}
        submitting={submitting}
        dismiss={dismiss}
      />
    </form>
  );
}
