import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  encodeMappingKey,
  JSON_PATCH_CONTENT_TYPE,
  mappingPatchOf,
  staleMappingDetailsSchema,
  type Mapping,
} from '@web-control/contract/config-maps';
import { errorMessageOf } from '../../../shared/http/error-message';
import { requestWithoutResult } from '../../../shared/http/http-client';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { currentOfStaleSave } from '../../../shared/http/stale-version';
import { CONFIG_MESSAGES } from '../constants';
import { mappingsPath } from './get-mappings';
import { configMapKeys } from './keys';

export interface EditMappingInput {
  mapId: string;
  key: string;
  /** The value the editor saw: the platform tests it, so someone else's change refuses this one. */
  oldValue: string;
  newValue: string;
}

export function editMapping(
  { mapId, key, oldValue, newValue }: EditMappingInput,
  idempotencyKey: string,
): Promise<void> {
  return requestWithoutResult({
    api: 'configApi',
    path: `${mappingsPath(mapId)}/${encodeMappingKey(key)}`,
    method: 'PATCH',
    headers: { 'Content-Type': JSON_PATCH_CONTENT_TYPE, ...idempotencyHeader(idempotencyKey) },
    body: mappingPatchOf(oldValue, newValue),
  });
}

/**
 * The mapping as it is now when the edit was refused because someone else changed it first (409),
 * null when they deleted it, undefined for any other failure.
 */
export function currentOfConflict(error: unknown): Mapping | null | undefined {
  return currentOfStaleSave(error, staleMappingDetailsSchema);
}

/** Either way the map reloads: after a 409 the table shows the other person's value. */
export function useEditMapping() {
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  return useMutation({
    mutationFn: (input: EditMappingInput) => send(input, (key) => editMapping(input, key)),
    onSuccess: (_result, { key }) => {
      notifications.show({ color: 'green', message: CONFIG_MESSAGES.mappingUpdated(key) });
    },
    onError: (error) => {
      // Someone else's change is said in the edit modal, with their value: not in a toast too.
      if (currentOfConflict(error) !== undefined) return;
      notifications.show({ color: 'red', message: errorMessageOf(error, CONFIG_MESSAGES.mappingEditFailed) });
    },
    onSettled: async (_result, _error, { mapId }) => {
      await queryClient.invalidateQueries({ queryKey: configMapKeys.map(mapId) });
    },
  });
}
