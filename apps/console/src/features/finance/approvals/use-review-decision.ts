import { reviewBodySchema, type Action } from '@web-control/contract/finance-actions';
import { isConflict } from '../../../shared/http/error-message';
import { openModal } from '../../../shared/modals/modal-store';
import { usePreloadModalsWhenIdle } from '../../../shared/modals/preload';
import { useReviewAction, type ReviewDecision } from '../api/review-action';
import { commentModal } from '../../../shared/modals/comment-modal-definition';
import { COMMENT_PLACEHOLDER } from '../messages';
import { reviewQuestion } from './action-description';
import { DECISION_LABELS } from './constants';

const REVIEW_MODALS = [commentModal];

/**
 * Asks for the review's required comment with the specification's question and sends the
 * review from the modal, so a refusal stays on it; cancelling sends nothing. `onReviewed` runs after
 * a successful review, and once the modal closes after a refusal because the request was decided
 * meanwhile (409): it waits no more.
 */
export function useReviewDecision(onReviewed?: () => void) {
  const review = useReviewAction();
  usePreloadModalsWhenIdle(REVIEW_MODALS);

  async function decide(action: Action, decision: ReviewDecision) {
    const refused = { decidedElsewhere: false };
    const reviewed = await openModal(commentModal, {
      title: DECISION_LABELS[decision],
      text: `${reviewQuestion(decision, action)} Reason: "${action.comment}"`,
      placeholder: COMMENT_PLACEHOLDER,
      confirmLabel: DECISION_LABELS[decision],
      confirmColor: decision === 'reject' ? 'red' : 'green',
      schema: reviewBodySchema.shape.comment,
      apply: async (comment) => {
        try {
          await review.mutateAsync({ actionId: action.id, decision, comment });
        } catch (error) {
          refused.decidedElsewhere = isConflict(error);
          throw error;
        }
      },
    });
    if (reviewed === true || refused.decidedElsewhere) onReviewed?.();
  }

  return { decide, isPending: review.isPending };
}
