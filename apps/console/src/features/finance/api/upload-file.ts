import { isConflict } from '../../../shared/http/error-message';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  encodeHeaderText,
  FINANCE_UPLOAD_HEADERS,
  uploadResponseSchema,
  type UploadResponse,
} from '@web-control/contract/finance';
import { request } from '../../../shared/http/http-client';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { HttpError } from '../../../shared/http/http-error';
import { FINANCE_MESSAGES } from '../messages';
import { financeKeys } from './keys';

export interface UploadFileInput {
  file: File;
  processIds: number[];
  comment: string;
}

export function uploadFile(
  { file, processIds, comment }: UploadFileInput,
  idempotencyKey: string,
): Promise<UploadResponse> {
  return request({
    api: 'filesApi',
    path: '',
    method: 'POST',
    headers: {
      [FINANCE_UPLOAD_HEADERS.fileName]: encodeHeaderText(file.name),
      [FINANCE_UPLOAD_HEADERS.comment]: encodeHeaderText(comment),
      [FINANCE_UPLOAD_HEADERS.processId]: processIds.join(','),
      ...idempotencyHeader(idempotencyKey),
    },
    body: file,
    schema: uploadResponseSchema,
  });
}

/**
 * The failure text by the rule of spec/0: the platform's errorMessage first, then a 409 (loaded
 * before), then anything else.
 */
export function uploadFailureOf(error: unknown): string {
  if (error instanceof HttpError) {
    const body = error.errorBody;
    if (body) return FINANCE_MESSAGES.uploadFailedWithMessage(body.errorMessage, error.status);
    if (isConflict(error)) return FINANCE_MESSAGES.uploadFailedLoaded(error.status);
  }
  return FINANCE_MESSAGES.uploadFailed;
}

/** A File serialises as {}, so the same upload is told by the file's name, size and date. */
function uploadFingerprint({ file, processIds, comment }: UploadFileInput) {
  return { name: file.name, size: file.size, lastModified: file.lastModified, processIds, comment };
}

/** Each upload asks for approvals and fills the inbox, so the whole area reloads. */
export function useUploadFile() {
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  return useMutation({
    mutationFn: (input: UploadFileInput) => send(uploadFingerprint(input), (key) => uploadFile(input, key)),
    onSuccess: async (_result, { file }) => {
      notifications.show({ color: 'green', message: FINANCE_MESSAGES.uploaded(file.name) });
      await queryClient.invalidateQueries({ queryKey: financeKeys.all });
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: uploadFailureOf(error) });
    },
  });
}
