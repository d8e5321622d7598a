import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitVersionBody } from '@web-control/contract/config-maps';
import { requestWithoutResult } from '../../../shared/http/http-client';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { CONFIG_MESSAGES } from '../constants';
import { configMapKeys } from './keys';

interface SubmitVersionInput extends SubmitVersionBody {
  mapId: string;
}

/** Submits every unsubmitted change, bundled with any earlier unreviewed submission, for review. */
export function submitVersion({ mapId, comment }: SubmitVersionInput, idempotencyKey: string): Promise<void> {
  const body: SubmitVersionBody = { comment };
  return requestWithoutResult({
    api: 'configApi',
    path: `/maps/${encodeURIComponent(mapId)}/versions`,
    method: 'POST',
    headers: idempotencyHeader(idempotencyKey),
    body,
  });
}

export function useSubmitVersion() {
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  return useMutation({
    mutationFn: (input: SubmitVersionInput) => send(input, (key) => submitVersion(input, key)),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: CONFIG_MESSAGES.submitted });
      await queryClient.invalidateQueries({ queryKey: configMapKeys.maps() });
    },
    onError: () => {
      notifications.show({ color: 'red', message: CONFIG_MESSAGES.submitFailed });
    },
  });
}
