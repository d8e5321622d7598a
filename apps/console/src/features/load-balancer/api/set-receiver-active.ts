import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { setReceiverActiveSchema } from '@web-control/contract/load-balancer';
import { requestWithoutResult } from '../../../shared/http/http-client';
import { LOAD_BALANCER_MESSAGES } from '../messages';
import { loadBalancerKeys } from './keys';

interface SetReceiverActiveInput {
  serviceId: string;
  receiverId: string;
  active: boolean;
}

export function setReceiverActive({ serviceId, receiverId, active }: SetReceiverActiveInput): Promise<void> {
  const body: z.input<typeof setReceiverActiveSchema> = { active };
  return requestWithoutResult({
    api: 'loadBalancerApi',
    path: `/${encodeURIComponent(serviceId)}/receivers/${encodeURIComponent(receiverId)}/active`,
    method: 'PUT',
    body,
  });
}

/** On success the service and its receivers reload; either way a toast says what happened. */
export function useSetReceiverActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReceiverActive,
    onSuccess: async (_result, { active }) => {
      notifications.show({ color: 'green', message: LOAD_BALANCER_MESSAGES.receiverToggled(active) });
      // The service's prefix covers its receivers; the list shows the service's status too.
      await queryClient.invalidateQueries({ queryKey: loadBalancerKeys.services() });
    },
    onError: (_error, { active }) => {
      notifications.show({ color: 'red', message: LOAD_BALANCER_MESSAGES.receiverToggleFailed(active) });
    },
  });
}
