import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createMapResponseSchema,
  type CreateMapBody,
  type CreateMapResponse,
} from '@web-control/contract/config-maps';
import { request } from '../../../shared/http/http-client';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { CONFIG_MESSAGES, MAP_FORM_FIELDS } from '../constants';
import { refusalText, saidAtFields } from '../../../shared/http/error-message';
import { configMapKeys } from './keys';

export function createMap(body: CreateMapBody, idempotencyKey: string): Promise<CreateMapResponse> {
  return request({
    api: 'configApi',
    path: '/maps',
    method: 'POST',
    headers: idempotencyHeader(idempotencyKey),
    body,
    schema: createMapResponseSchema,
  });
}

export function useCreateMap() {
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  return useMutation({
    mutationFn: (body: CreateMapBody) => send(body, (key) => createMap(body, key)),
    onSuccess: async (created) => {
      notifications.show({ color: 'green', message: CONFIG_MESSAGES.mapCreated(created.name) });
      await queryClient.invalidateQueries({ queryKey: configMapKeys.maps() });
    },
    onError: (error) => {
      // A refusal that names its field (an id taken) is said there.
      if (saidAtFields(error, MAP_FORM_FIELDS)) return;
      notifications.show({ color: 'red', message: refusalText(error, CONFIG_MESSAGES.mapCreateFailed) });
    },
  });
}
