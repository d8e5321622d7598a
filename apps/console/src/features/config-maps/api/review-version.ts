import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewBody } from '@web-control/contract/config-maps';
import { requestWithoutResult } from '../../../shared/http/http-client';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { CONFIG_MESSAGES } from '../constants';
import { refusalText } from '../../../shared/http/error-message';
import { refreshReviews } from '../../../shared/reviews/review-queries';
import { configMapKeys } from './keys';

interface ReviewVersionInput extends ReviewBody {
  mapId: string;
  /** The newest submitted version: the one whose changes the reviewer saw. */
  versionId: string;
}

export function reviewVersion(
  { mapId, versionId, approved, comment }: ReviewVersionInput,
  idempotencyKey: string,
): Promise<void> {
  const body: ReviewBody = { approved, comment };
  return requestWithoutResult({
    api: 'configApi',
    path: `/maps/${encodeURIComponent(mapId)}/versions/${encodeURIComponent(versionId)}/reviews`,
    method: 'POST',
    headers: idempotencyHeader(idempotencyKey),
    body,
  });
}

/** Either way the maps reload: a review someone else finished first leaves the list too. */
export function useReviewVersion() {
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  return useMutation({
    mutationFn: (input: ReviewVersionInput) => send(input, (key) => reviewVersion(input, key)),
    onSuccess: (_result, { approved }) => {
      notifications.show({ color: 'green', message: CONFIG_MESSAGES.reviewed(approved) });
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: refusalText(error, CONFIG_MESSAGES.reviewFailed) });
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: configMapKeys.maps() }),
        refreshReviews(queryClient),
      ]);
    },
  });
}
