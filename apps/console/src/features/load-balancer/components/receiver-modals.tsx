import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Table, Text, TextInput } from '@mantine/core';
import {
  projectTrafficShares,
  receiverWeightFormSchema,
  type LbStatus,
} from '@web-control/contract/load-balancer';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formatShare } from '../../../shared/format/metrics';
import type { ModalContentProps } from '../../../shared/modals/modal-definition';
import { statusOf } from '../status';
import type { ReceiverChangeParams, ReceiverShareInput, ReceiverWeightParams } from './receiver-modal-params';
import { useModalLeaveGuard } from '../../../shared/forms/use-leave-guard';

/** The status a receiver not answering reports (contract `LB_STATUSES`). */
const DOWN_STATUS: LbStatus = 'down';

export const WEIGHT_CHANGE_NOTE = 'Changes may take a few minutes to take effect.';
export const PROJECTION_CAPTION = 'Projected share of traffic';
export const NO_TRAFFIC_WARNING =
  'After this change no receiver of this service will take traffic: its transactions will have nowhere to go.';
export const ONLY_DOWN_WARNING = (names: readonly string[]) =>
  `After this change only receivers that are down will take this service's traffic (${names.join(', ')}): its transactions will fail until one is up.`;

type WeightField = z.input<typeof receiverWeightFormSchema>;
type WeightValues = z.output<typeof receiverWeightFormSchema>;

/**
 * Each receiver's share of the service's traffic now and after the change (null: the change is
 * not yet valid, so there is nothing to project).
 */
export function TrafficProjection({
  current,
  projected,
}: {
  current: readonly ReceiverShareInput[];
  projected: readonly ReceiverShareInput[] | null;
}) {
  const now = projectTrafficShares(current);
  const after = projected ? projectTrafficShares(projected) : null;
  // Allowed (a service may be drained on purpose), but said before it is done.
  const drained = after !== null && after.size > 0 && [...after.values()].every((share) => share === 0);
  const taking = after === null ? [] : current.filter((receiver) => (after.get(receiver.id) ?? 0) > 0);
  const onlyDown =
    taking.length > 0 && taking.every((receiver) => statusOf(receiver.latestChange) === DOWN_STATUS);
  return (
    <>
      <Table withTableBorder mt="md" captionSide="top">
        <Table.Caption>{PROJECTION_CAPTION}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Receiver</Table.Th>
            <Table.Th scope="col">Current → projected</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {current.map((receiver) => {
            const afterShare = after?.get(receiver.id);
            return (
              <Table.Tr key={receiver.id}>
                <Table.Th scope="row" fw="normal">
                  {receiver.name}
                </Table.Th>
                <Table.Td>
                  {`${formatShare(now.get(receiver.id) ?? 0)} → ${
                    afterShare === undefined ? '–' : formatShare(afterShare)
                  }`}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {drained || onlyDown ? (
        <Alert color="red" role="alert" mt="md">
          {drained ? NO_TRAFFIC_WARNING : ONLY_DOWN_WARNING(taking.map((receiver) => receiver.name))}
        </Alert>
      ) : null}
    </>
  );
}

export function ReceiverActiveContent({
  params,
  submitting,
  outdated,
  submit,
  dismiss,
}: ModalContentProps<ReceiverChangeParams, true>) {
  const { receiver, receivers, active, apply } = params;
  const projected = receivers.map((each) => (each.id === receiver.id ? { ...each, isActive: active } : each));
  return (
    <>
      <Text>
        {active
          ? `Enable ${receiver.name}? It will receive traffic in proportion to its weight.`
          : `Disable ${receiver.name}? It will receive no traffic until it is enabled again.`}
      </Text>
      {/* Shares of the receivers as listed: someone else's change made them history. */}
      {outdated ? null : <TrafficProjection current={receivers} projected={projected} />}
      <Group justify="flex-end" mt="lg">
        {/* The safe answer has the focus: one Enter too many must not switch a live receiver. */}
        <Button variant="default" onClick={dismiss} disabled={submitting} data-autofocus>
          Cancel
        </Button>
        {/* Someone else changed the receiver: decided again from the reloaded row, not here. */}
        <Button
          color="orange"
          onClick={() => submit(() => apply().then(() => true as const))}
          loading={submitting}
          disabled={outdated}
        >
          Okay
        </Button>
      </Group>
    </>
  );
}

export function ReceiverWeightContent({
  params,
  submitting,
  outdated,
  submit,
  dismiss,
}: ModalContentProps<ReceiverWeightParams, number>) {
  const { receiver, receivers, apply } = params;
  const { register, handleSubmit, control, formState } = useForm<WeightField, unknown, WeightValues>({
    resolver: zodResolver(receiverWeightFormSchema),
    defaultValues: { weight: String(receiver.weight) },
  });
  useModalLeaveGuard(formState.isDirty, submitting);
  // The same schema on every keystroke: the projection follows the field and Save waits for a valid weight.
  const typed = receiverWeightFormSchema.safeParse({ weight: useWatch({ control, name: 'weight' }) });
  const weight = typed.success ? typed.data.weight : null;
  // Saving the weight it has would change nothing, yet say it was adjusted.
  const unchanged = weight === receiver.weight;
  const projected =
    weight === null ? null : receivers.map((each) => (each.id === receiver.id ? { ...each, weight } : each));

  const save = handleSubmit((values) => {
    if (!submitting && !outdated && values.weight !== receiver.weight)
      submit(() => apply(values.weight).then(() => values.weight));
  });

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <TextInput
        label="Weight"
        inputMode="numeric"
        autoComplete="off"
        {...register('weight')}
        // Marked invalid without a message: the specification suppresses them.
        error={weight === null}
        description={WEIGHT_CHANGE_NOTE}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        disabled={submitting}
        data-autofocus
      />
      {outdated ? null : <TrafficProjection current={receivers} projected={projected} />}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={dismiss} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={weight === null || unchanged || outdated} loading={submitting}>
          Save
        </Button>
      </Group>
    </form>
  );
}
