/**
 * Every modal type with its parameters and the answer it resolves to. Areas add their own
 * types here and register a component for each in modal-components.tsx.
 */
export interface ModalTypes {
  confirm: { params: { title?: string; text: string; confirmLabel?: string }; result: boolean };
  alert: { params: { title: string; text: string; buttonLabel?: string }; result: undefined };
  notification: { params: { title?: string; text: string }; result: undefined };
}

export type ModalType = keyof ModalTypes;
export type ModalParams<T extends ModalType> = ModalTypes[T]['params'];
export type ModalResult<T extends ModalType> = ModalTypes[T]['result'];
