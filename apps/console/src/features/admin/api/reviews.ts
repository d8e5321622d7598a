import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminReviewSchema, type AdminReview } from '@web-control/contract/reviews';
import { request } from '../../../shared/http/http-client';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { REVIEW_DECIDED, type ReviewDecision } from '../../../shared/reviews/request-review-page';
import { refreshReviews } from '../../../shared/reviews/review-queries';
import { adminKeys } from './keys';

function reviewPath(requestId: string): string {
  return `/manage/reviews/${encodeURIComponent(requestId)}`;
}

export function getAdminReview(requestId: string): Promise<AdminReview> {
  return request({ api: 'authApi', path: reviewPath(requestId), schema: adminReviewSchema });
}

export function useAdminReview(requestId: string) {
  return useQuery({ queryKey: adminKeys.review(requestId), queryFn: () => getAdminReview(requestId) });
}

export interface AdminDecisionInput {
  requestId: string;
  decision: ReviewDecision;
  comment: string;
}

export function decideAdminReview(input: AdminDecisionInput, key: string): Promise<AdminReview> {
  return request({
    api: 'authApi',
    path: `${reviewPath(input.requestId)}/${input.decision}`,
    method: 'POST',
    headers: idempotencyHeader(key),
    body: { comment: input.comment },
    schema: adminReviewSchema,
  });
}

/** A decision reloads users and roles (an approval changed them) and says so. */
export function useDecideAdminReview() {
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  return useMutation({
    mutationFn: (input: AdminDecisionInput) => send(input, (key) => decideAdminReview(input, key)),
    onSuccess: async (_review, { decision }) => {
      notifications.show({ color: 'green', message: REVIEW_DECIDED[decision] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        refreshReviews(queryClient),
      ]);
    },
  });
}
