import type { ModalDefinition } from '../../../shared/modals/modal-definition';
import { lazyModalContent } from '../../../shared/modals/preload';

const ActionModalContent = lazyModalContent(async () => (await import('./action-modal')).ActionModalContent);

export interface ActionModalParams {
  title: string;
  text: string;
  confirmLabel: string;
  confirmColor?: string;
  /** Resolve: the parties to choose the correct one from. */
  parties?: { id: number; name: string }[];
}

export interface ActionModalResult {
  comment: string;
  partyId?: number;
}

/** Confirms an accept, reject or resolve with the action comment (and, for resolve, the party). */
export const actionModal: ModalDefinition<ActionModalParams, ActionModalResult> = {
  type: 'finance-transaction-action',
  title: (params) => params.title,
  Content: ActionModalContent,
};
