import type { ReceiverChangeParams, ReceiverWeightParams } from './receiver-modal-params';

/**
 * Every modal type with its parameters and the answer it resolves to. Areas add their own
 * types here and register a component for each in modal-components.tsx.
 */
export interface ModalTypes {
  confirm: { params: { title?: string; text: string; confirmLabel?: string }; result: boolean };
  alert: { params: { title: string; text: string; buttonLabel?: string }; result: undefined };
  notification: { params: { title?: string; text: string }; result: undefined };
  /** Load balancer: confirm enabling or disabling a receiver, showing the traffic it moves. */
  'receiver-active': { params: ReceiverChangeParams; result: true };
  /** Load balancer: edit a receiver's weight, showing the traffic it moves; answers the new weight. */
  'receiver-weight': { params: ReceiverWeightParams; result: number };
}

export type ModalType = keyof ModalTypes;
export type ModalParams<T extends ModalType> = ModalTypes[T]['params'];
export type ModalResult<T extends ModalType> = ModalTypes[T]['result'];
