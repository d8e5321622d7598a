import { isConflict } from '../../../shared/http/error-message';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { setReceiverWeightSchema } from '@web-control/contract/load-balancer';
import { requestChange, SENT_FOR_REVIEW, type ChangeOutcome } from '../../../shared/http/request-change';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { ifMatch } from '../../../shared/http/stale-version';
import { LOAD_BALANCER_MESSAGES } from '../messages';
import { loadBalancerKeys } from './keys';

interface SetReceiverWeightInput {
  serviceId: string;
  receiverId: string;
  /** The receiver's version as listed: someone else's change since then refuses this one (409). */
  version: number;
  /** Only for the success toast. */
  receiverName: string;
  weight: number;
}

export function setReceiverWeight(
  { serviceId, receiverId, version, weight }: SetReceiverWeightInput,
  idempotencyKey: string,
): Promise<ChangeOutcome> {
  const body: z.input<typeof setReceiverWeightSchema> = { weight };
  return requestChange({
    api: 'loadBalancerApi',
    path: `/${encodeURIComponent(serviceId)}/receivers/${encodeURIComponent(receiverId)}/weight`,
    method: 'PUT',
    headers: { ...ifMatch(version), ...idempotencyHeader(idempotencyKey) },
    body,
  });
}

/**
 * On success the service and its receivers reload and a toast says so; a failure has the catalogue's
 * toast. Refused because someone else changed the receiver first (409), they reload instead, so the
 * table shows the change while the modal says what it was.
 */
export function useSetReceiverWeight() {
  const queryClient = useQueryClient();
  // A change sent again after no answer carries the same key: the platform makes it once.
  const send = useIdempotentSend();
  return useMutation({
    mutationFn: (input: SetReceiverWeightInput) =>
      send(
        {
          serviceId: input.serviceId,
          receiverId: input.receiverId,
          version: input.version,
          weight: input.weight,
        },
        (key) => setReceiverWeight(input, key),
      ),
    onSuccess: async (outcome, { receiverName }) => {
      notifications.show(
        outcome === 'sent-for-review'
          ? { color: 'blue', message: SENT_FOR_REVIEW }
          : { color: 'green', message: LOAD_BALANCER_MESSAGES.weightAdjusted(receiverName) },
      );
      await queryClient.invalidateQueries({ queryKey: loadBalancerKeys.services() });
    },
    onError: async (error) => {
      // Someone else's change first is no fault to report to support: the modal says what changed.
      if (!isConflict(error)) {
        notifications.show({ color: 'red', message: LOAD_BALANCER_MESSAGES.weightFailed });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: loadBalancerKeys.services() });
    },
  });
}
