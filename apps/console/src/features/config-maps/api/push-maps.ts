import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pushResponseSchema, type PushResponse } from '@web-control/contract/config-maps';
import { request } from '../../../shared/http/http-client';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { CONFIG_MESSAGES } from '../constants';
import { refusalText } from '../../../shared/http/error-message';
import { configMapKeys } from './keys';

/** Publishes every map's applied version to its subscribed clients (spec 0: POST {config}/maps/push). */
export function pushMaps(idempotencyKey: string): Promise<PushResponse> {
  return request({
    api: 'configApi',
    path: '/maps/push',
    method: 'POST',
    headers: idempotencyHeader(idempotencyKey),
    body: {},
    schema: pushResponseSchema,
  });
}

export function usePushMaps() {
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  return useMutation({
    mutationFn: () => send('push', pushMaps),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: CONFIG_MESSAGES.pushed });
      await queryClient.invalidateQueries({ queryKey: configMapKeys.maps() });
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: refusalText(error, CONFIG_MESSAGES.pushFailed) });
    },
  });
}
