import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import {
  projectTrafficShares,
  RECEIVER_WEIGHT_MAX,
  RECEIVER_WEIGHT_MIN,
} from '@web-control/contract/load-balancer';
import { useState, type SyntheticEvent } from 'react';
import { formatShare } from '../format/metrics';
import { composeValidators, isNumber, max, min, required } from '../forms/validators';
import type { ReceiverChangeParams, ReceiverShareInput, ReceiverWeightParams } from './receiver-modal-params';

export const WEIGHT_CHANGE_NOTE = 'Changes may take a few minutes to take effect.';
export const PROJECTION_CAPTION = 'Projected share of traffic';

/** The specification's rules for the weight; their messages are suppressed (section 5). */
const weightRules = composeValidators(
  required(),
  isNumber(),
  min(RECEIVER_WEIGHT_MIN),
  max(RECEIVER_WEIGHT_MAX),
);

/** The weight the field holds, or null while it breaks a rule. The wire takes whole numbers only. */
export function parseWeight(value: string): number | null {
  if (weightRules(value) !== undefined) return null;
  const weight = Number(value);
  return Number.isInteger(weight) ? weight : null;
}

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
  return (
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
  );
}

interface ReceiverModalProps<TParams, TResult> {
  params: TParams;
  submitting: boolean;
  submit: (submission: () => Promise<TResult>) => void;
  dismiss: () => void;
}

export function ReceiverActiveContent({
  params,
  submitting,
  submit,
  dismiss,
}: ReceiverModalProps<ReceiverChangeParams, true>) {
  const { receiver, receivers, active, apply } = params;
  const projected = receivers.map((each) => (each.id === receiver.id ? { ...each, isActive: active } : each));
  return (
    <>
      <Text>
        {active
          ? `Enable ${receiver.name}? It will receive traffic in proportion to its weight.`
          : `Disable ${receiver.name}? It will receive no traffic until it is enabled again.`}
      </Text>
      <TrafficProjection current={receivers} projected={projected} />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={dismiss} disabled={submitting}>
          Cancel
        </Button>
        <Button
          color="orange"
          onClick={() => submit(() => apply().then(() => true as const))}
          loading={submitting}
          data-autofocus
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
  submit,
  dismiss,
}: ReceiverModalProps<ReceiverWeightParams, number>) {
  const { receiver, receivers, apply } = params;
  const [value, setValue] = useState(String(receiver.weight));
  const weight = parseWeight(value);
  const projected =
    weight === null ? null : receivers.map((each) => (each.id === receiver.id ? { ...each, weight } : each));

  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    if (weight === null || submitting) return;
    submit(() => apply(weight).then(() => weight));
  };

  return (
    <form onSubmit={save} noValidate>
      <TextInput
        label="Weight"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        // Marked invalid without a message: the specification suppresses them.
        error={weight === null}
        description={WEIGHT_CHANGE_NOTE}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        disabled={submitting}
        data-autofocus
      />
      <TrafficProjection current={receivers} projected={projected} />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={dismiss} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={weight === null} loading={submitting}>
          Save
        </Button>
      </Group>
    </form>
  );
}
