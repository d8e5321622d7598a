import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { reviewBodySchema } from '@web-control/contract/finance-actions';
import type { z } from 'zod';
import { errorMessageOf, isConflict } from '../../../shared/http/error-message';
import { requestWithoutResult } from '../../../shared/http/http-client';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { FINANCE_MESSAGES } from '../messages';
import { refreshReviews } from '../../../shared/reviews/review-queries';
import { financeKeys } from './keys';

export type ReviewDecision = 'approve' | 'reject';

interface ReviewActionInput {
  actionId: string;
  decision: ReviewDecision;
  comment: string;
}

export function reviewAction(
  { actionId, decision, comment }: ReviewActionInput,
  idempotencyKey: string,
): Promise<void> {
  const body: z.input<typeof reviewBodySchema> = { comment };
  return requestWithoutResult({
    api: 'reconApi',
    path: `/actions/${encodeURIComponent(actionId)}/${decision}`,
    method: 'POST',
    headers: idempotencyHeader(idempotencyKey),
    body,
  });
}

/** A review changes the pending list, its counts and (approved) the inbox: the area reloads. */
export function useReviewAction() {
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  return useMutation({
    mutationFn: (input: ReviewActionInput) => send(input, (key) => reviewAction(input, key)),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: FINANCE_MESSAGES.reviewed });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: financeKeys.all }),
        refreshReviews(queryClient),
      ]);
    },
    onError: async (error) => {
      const message = errorMessageOf(error, error.message);
      notifications.show({ color: 'red', message: FINANCE_MESSAGES.reviewFailed(message) });
      // Decided by someone else meanwhile (409): the lists and the inbox drop it.
      if (isConflict(error)) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: financeKeys.all }),
          refreshReviews(queryClient),
        ]);
      }
    },
  });
}
