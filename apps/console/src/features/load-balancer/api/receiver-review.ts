import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lbReviewSchema, type LbReview } from '@web-control/contract/reviews';
import { request } from '../../../shared/http/http-client';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { REVIEW_DECIDED, type ReviewDecision } from '../../../shared/reviews/request-review-page';
import { refreshReviews } from '../../../shared/reviews/review-queries';
import { loadBalancerKeys } from './keys';

export function getReceiverReview(requestId: string): Promise<LbReview> {
  return request({
    api: 'loadBalancerApi',
    path: `/reviews/${encodeURIComponent(requestId)}`,
    schema: lbReviewSchema,
  });
}

export function receiverReviewQuery(requestId: string) {
  return queryOptions({
    queryKey: loadBalancerKeys.review(requestId),
    queryFn: () => getReceiverReview(requestId),
  });
}

export function useReceiverReview(requestId: string) {
  return useQuery(receiverReviewQuery(requestId));
}

export interface DecisionInput {
  requestId: string;
  decision: ReviewDecision;
  comment: string;
}

export function decideReceiverReview(input: DecisionInput, key: string) {
  return request({
    api: 'loadBalancerApi',
    path: `/reviews/${encodeURIComponent(input.requestId)}/${input.decision}`,
    method: 'POST',
    headers: idempotencyHeader(key),
    body: { comment: input.comment },
    schema: lbReviewSchema,
  });
}

/** A decision reloads the receivers (an approval changed them) and says so. */
export function useDecideReceiverReview() {
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  return useMutation({
    mutationFn: (input: DecisionInput) => send(input, (key) => decideReceiverReview(input, key)),
    onSuccess: async (_review, { decision }) => {
      notifications.show({ color: 'green', message: REVIEW_DECIDED[decision] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: loadBalancerKeys.all }),
        refreshReviews(queryClient),
      ]);
    },
  });
}
