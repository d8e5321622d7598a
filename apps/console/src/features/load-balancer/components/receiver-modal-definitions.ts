import type { ModalDefinition } from '../../../shared/modals/modal-definition';
import { lazyComponent } from '../../../shared/lazy-component';
import { CONFIRM_TITLE } from '../../../shared/modals/standard-modals';
import type { ReceiverChangeParams, ReceiverWeightParams } from './receiver-modal-params';

// The modals' content loads apart from the page: preloaded when it is idle, or when one is opened.
const ReceiverActiveContent = lazyComponent(
  async () => (await import('./receiver-modals')).ReceiverActiveContent,
);
const ReceiverWeightContent = lazyComponent(
  async () => (await import('./receiver-modals')).ReceiverWeightContent,
);

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

/** The modals the service page opens, preloaded once it has shown. */
export const RECEIVER_MODALS = [receiverActiveModal, receiverWeightModal];
