import type { Action } from '@web-control/contract/finance';
import { openModal } from '../../../shared/modals/modal-store';
import { usePreloadModalsWhenIdle } from '../../../shared/modals/preload';
import { useReviewAction, type ReviewDecision } from '../api/review-action';
import { commentModal } from '../components/comment-modal-definition';
import { reviewQuestion } from './action-description';
import { DECISION_LABELS } from './constants';

const REVIEW_MODALS = [commentModal];

/**
 * Asks for the review's required comment with the specification's question, then sends the
 * review; cancelling sends nothing. `onReviewed` runs after a successful review.
 */
export function useReviewDecision(onReviewed?: () => void) {
  const review = useReviewAction();
  usePreloadModalsWhenIdle(REVIEW_MODALS);

  async function decide(action: Action, decision: ReviewDecision) {
    const comment = await openModal(commentModal, {
      title: DECISION_LABELS[decision],
      text: `${reviewQuestion(decision, action)} Reason: "${action.comment}"`,
      confirmLabel: DECISION_LABELS[decision],
      confirmColor: decision === 'reject' ? 'red' : 'green',
    });
    if (comment === undefined) return;
    review.mutate({ actionId: action.id, decision, comment }, { onSuccess: () => onReviewed?.() });
  }

  return { decide, isPending: review.isPending };
}
