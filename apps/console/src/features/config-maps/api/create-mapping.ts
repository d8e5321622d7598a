import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateMappingBody } from '@web-control/contract/config-maps';
import { requestWithoutResult } from '../../../shared/http/http-client';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { CONFIG_MESSAGES, MAPPING_FORM_FIELDS } from '../constants';
import { refusalText, saidAtFields } from '../../../shared/http/error-message';
import { mappingsPath } from './get-mappings';
import { configMapKeys } from './keys';

interface CreateMappingInput extends CreateMappingBody {
  mapId: string;
}

export function createMapping(
  { mapId, key, value }: CreateMappingInput,
  idempotencyKey: string,
): Promise<void> {
  const body: CreateMappingBody = { key, value };
  return requestWithoutResult({
    api: 'configApi',
    path: mappingsPath(mapId),
    method: 'POST',
    headers: idempotencyHeader(idempotencyKey),
    body,
  });
}

/** A change to the mappings changes the map too (its unsubmitted changes): both reload. */
export function useCreateMapping() {
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  return useMutation({
    mutationFn: (input: CreateMappingInput) => send(input, (key) => createMapping(input, key)),
    onSuccess: async (_result, { mapId, key }) => {
      notifications.show({ color: 'green', message: CONFIG_MESSAGES.mappingCreated(key) });
      await queryClient.invalidateQueries({ queryKey: configMapKeys.map(mapId) });
    },
    onError: (error) => {
      // A refusal that names its field (a key taken) is said there.
      if (saidAtFields(error, MAPPING_FORM_FIELDS)) return;
      notifications.show({ color: 'red', message: refusalText(error, CONFIG_MESSAGES.mappingCreateFailed) });
    },
  });
}
