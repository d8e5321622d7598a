import { useParams } from 'react-router';
import { RequestReviewPage } from '../../../shared/reviews/request-review-page';
import { useCan } from '../../../shared/session/permissions';
import { useDecideReceiverReview, useReceiverReview } from '../api/receiver-review';
import { SERVICES_PATH } from '../paths';

export const RECEIVER_REVIEW_TITLE = 'Receiver change review';

/** A receiver change sent for review (FOUR_EYES=load-balancer): another user approves or rejects it. */
export function ReceiverReviewPage() {
  const requestId = useParams().requestId ?? '';
  const review = useReceiverReview(requestId);
  const decide = useDecideReceiverReview();
  return (
    <RequestReviewPage
      title={RECEIVER_REVIEW_TITLE}
      review={review}
      decide={(decision, comment) => decide.mutateAsync({ requestId, decision, comment })}
      mayDecide={useCan()('EDIT_LOAD_BALANCER')}
      fallbackPath={SERVICES_PATH}
    />
  );
}
