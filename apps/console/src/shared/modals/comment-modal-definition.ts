import type { z } from 'zod';
import type { ModalDefinition } from './modal-definition';
import { lazyComponent } from '../lazy-component';

// Loads apart from the page: preloaded when the page is idle, or when a button that opens it is hovered.
const CommentModalContent = lazyComponent(async () => (await import('./comment-modal')).CommentModalContent);

/** A required pick above the comment (a resolve's correct party). */
export interface CommentModalChoice {
  label: string;
  options: { value: string; label: string }[];
  /** Shown when nothing was picked. */
  missingText: string;
}

export interface CommentModalParams {
  title: string;
  /** What the comment is for, above the field. */
  text?: string;
  /** A warning above the field (an empty review). */
  warning?: string;
  /** The field's visible label; without it, `placeholder` names the field. */
  label?: string;
  placeholder?: string;
  confirmLabel: string;
  confirmColor?: string;
  /** The area's comment rule (required, its length), from the contract. */
  schema: z.ZodType<string, string>;
  choice?: CommentModalChoice;
  /** Sends the comment (and the pick); a refusal stays on the modal with what was typed. */
  apply: (comment: string, choice: string) => Promise<unknown>;
}

/** A confirmation that asks for the required comment and sends it; answers true once sent. */
export const commentModal: ModalDefinition<CommentModalParams, true> = {
  type: 'comment',
  title: (params) => params.title,
  Content: CommentModalContent,
};
