import { lazy } from 'react';
import type { ModalDefinition } from '../../../shared/modals/modal-definition';
import { CONFIRM_TITLE } from '../../../shared/modals/standard-modals';
import type { ReceiverChangeParams, ReceiverWeightParams } from './receiver-modal-params';

// The modals' content loads when one is first opened, not with the page.
const ReceiverActiveContent = lazy(async () => ({
  default: (await import('./receiver-modals')).ReceiverActiveContent,
}));
const ReceiverWeightContent = lazy(async () => ({
  default: (await import('./receiver-modals')).ReceiverWeightContent,
}));

/** Confirms enabling or disabling a receiver, showing the traffic it moves. */
export const receiverActiveModal: ModalDefinition<ReceiverChangeParams, true> = {
  type: 'receiver-active',
  title: () => CONFIRM_TITLE,
  Content: ReceiverActiveContent,
};

/** Edits a receiver's weight, showing the traffic it moves; answers the new weight. */
export const receiverWeightModal: ModalDefinition<ReceiverWeightParams, number> = {
  type: 'receiver-weight',
  title: (params) => `Adjust the weight of ${params.receiver.name}`,
  Content: ReceiverWeightContent,
};
