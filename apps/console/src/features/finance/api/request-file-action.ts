import { errorMessageOf, statusOf } from '../../../shared/http/error-message';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { fileActionBodySchema } from '@web-control/contract/finance-actions';
import type { z } from 'zod';
import { requestWithoutResult } from '../../../shared/http/http-client';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { FINANCE_MESSAGES } from '../messages';
import { financeKeys } from './keys';

export type FileAction = 'rollback' | 'reload';

interface FileActionInput {
  action: FileAction;
  fileId: number;
  /** Only for the toasts. */
  fileName: string;
  comment: string;
}

export function requestFileAction(
  { action, fileId, comment }: FileActionInput,
  idempotencyKey: string,
): Promise<void> {
  const body: z.input<typeof fileActionBodySchema> = { comment };
  return requestWithoutResult({
    api: 'filesApi',
    path: `/${fileId}/${action}`,
    method: 'POST',
    headers: idempotencyHeader(idempotencyKey),
    body,
  });
}

/** The request becomes a pending action, so the approvals and their counts reload. */
export function useRequestFileAction() {
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  return useMutation({
    mutationFn: (input: FileActionInput) => send(input, (key) => requestFileAction(input, key)),
    onSuccess: async (_result, { action, fileName }) => {
      notifications.show({ color: 'green', message: FINANCE_MESSAGES.fileActionRequested(action, fileName) });
      await queryClient.invalidateQueries({ queryKey: financeKeys.all });
    },
    onError: (error, { action, fileName }) => {
      // The catalogue's text, and the platform's reason after it when it gave one.
      const failed = FINANCE_MESSAGES.fileActionFailed(action, fileName, statusOf(error));
      const reason = errorMessageOf(error, null);
      notifications.show({ color: 'red', message: reason === null ? failed : `${failed}: ${reason}` });
    },
  });
}
