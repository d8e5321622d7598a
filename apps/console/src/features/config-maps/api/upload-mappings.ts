import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MAPPINGS_FILE_FIELD,
  uploadMappingsResponseSchema,
  type UploadMappingsResponse,
} from '@web-control/contract/config-maps';
import { errorMessageOf } from '../../../shared/http/error-message';
import { request } from '../../../shared/http/http-client';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { CONFIG_MESSAGES } from '../constants';
import { mappingsPath } from './get-mappings';
import { configMapKeys } from './keys';

interface UploadMappingsInput {
  mapId: string;
  file: File;
}

/** Replaces the whole map's contents with the file's, as unsubmitted changes. */
export function uploadMappings(
  { mapId, file }: UploadMappingsInput,
  idempotencyKey: string,
): Promise<UploadMappingsResponse> {
  const form = new FormData();
  form.append(MAPPINGS_FILE_FIELD, file, file.name);
  return request({
    api: 'configApi',
    path: mappingsPath(mapId),
    method: 'PUT',
    headers: idempotencyHeader(idempotencyKey),
    body: form,
    schema: uploadMappingsResponseSchema,
  });
}

export function useUploadMappings() {
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  return useMutation({
    // A file is not JSON: its name, size and date stand for it when matching a retry.
    mutationFn: (input: UploadMappingsInput) =>
      send([input.mapId, input.file.name, input.file.size, input.file.lastModified], (key) =>
        uploadMappings(input, key),
      ),
    onSuccess: async (_result, { mapId, file }) => {
      notifications.show({ color: 'green', message: CONFIG_MESSAGES.uploaded(file.name) });
      await queryClient.invalidateQueries({ queryKey: configMapKeys.map(mapId) });
    },
    onError: (error) => {
      // The catalogue's text, with the platform's reason (duplicate keys, size…) beneath it.
      const reason = errorMessageOf(error, undefined);
      notifications.show(
        reason === undefined
          ? { color: 'red', message: CONFIG_MESSAGES.uploadFailed }
          : { color: 'red', title: CONFIG_MESSAGES.uploadFailed, message: reason },
      );
    },
  });
}
