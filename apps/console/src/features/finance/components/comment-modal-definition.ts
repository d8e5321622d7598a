import type { ModalDefinition } from '../../../shared/modals/modal-definition';
import { lazyModalContent } from '../../../shared/modals/preload';

const CommentModalContent = lazyModalContent(
  async () => (await import('./comment-modal')).CommentModalContent,
);

export interface CommentModalParams {
  title: string;
  text: string;
  confirmLabel: string;
  confirmColor?: string;
}

/** A confirmation that asks for the required comment; answers it (cancelling answers nothing). */
export const commentModal: ModalDefinition<CommentModalParams, string> = {
  type: 'finance-comment',
  title: (params) => params.title,
  Content: CommentModalContent,
};
