import { notifications } from '@mantine/notifications';
import { encodeMappingKey } from '@web-control/contract/config-maps';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestWithoutResult } from '../../../shared/http/http-client';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { CONFIG_MESSAGES } from '../constants';
import { mappingsPath } from './get-mappings';
import { configMapKeys } from './keys';

interface DeleteMappingInput {
  mapId: string;
  key: string;
}

export function deleteMapping({ mapId, key }: DeleteMappingInput, idempotencyKey: string): Promise<void> {
  return requestWithoutResult({
    api: 'configApi',
    path: `${mappingsPath(mapId)}/${encodeMappingKey(key)}`,
    method: 'DELETE',
    headers: idempotencyHeader(idempotencyKey),
  });
}

export function useDeleteMapping() {
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  return useMutation({
    mutationFn: (input: DeleteMappingInput) => send(input, (key) => deleteMapping(input, key)),
    onSuccess: (_result, { key }) => {
      notifications.show({ color: 'green', message: CONFIG_MESSAGES.mappingDeleted(key) });
    },
    onError: (_error, { key }) => {
      notifications.show({ color: 'red', message: CONFIG_MESSAGES.mappingDeleteFailed(key) });
    },
    // A refusal re-reads too: a mapping someone else deleted first leaves the list instead of
    // staying there to be refused again.
    onSettled: (_result, _error, { mapId }) =>
      queryClient.invalidateQueries({ queryKey: configMapKeys.map(mapId) }),
  });
}
