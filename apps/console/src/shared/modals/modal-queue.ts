/** The modal queue (specification section 4): pure state, unit tested. */
export const MODAL_ID_LENGTH = 5;

export interface ModalOptions {
  /** An urgent modal goes to the back of the list, where it is the one shown. */
  urgent?: boolean;
}

/** One entry of the queue; what it shows (`view`) is opaque to the queue's rules. */
export interface ModalRequest<TView = unknown> {
  id: string;
  /** Names the modal (the specification's modal type). */
  type: string;
  view: TView;
  options: ModalOptions;
  submitting: boolean;
  submitError: string | null;
  /**
   * A submission was refused because what the modal was opened on has changed since (409): sending
   * it again cannot succeed, so the modal offers no second try.
   */
  outdated: boolean;
}

export type ModalQueueEvent<TView = unknown> =
  | { type: 'opened'; request: ModalRequest<TView> }
  | { type: 'submitting'; id: string }
  | { type: 'submit-failed'; id: string; error: string | null; outdated: boolean }
  | { type: 'closed'; id: string };

export function reduceModalQueue<TView>(
  queue: readonly ModalRequest<TView>[],
  event: ModalQueueEvent<TView>,
): ModalRequest<TView>[] {
  switch (event.type) {
    case 'opened':
      return event.request.options.urgent ? [...queue, event.request] : [event.request, ...queue];
    case 'submitting':
      return queue.map((modal) =>
        modal.id === event.id ? { ...modal, submitting: true, submitError: null } : modal,
      );
    case 'submit-failed':
      return queue.map((modal) =>
        modal.id === event.id
          ? {
              ...modal,
              submitting: false,
              submitError: event.error,
              outdated: modal.outdated || event.outdated,
            }
          : modal,
      );
    case 'closed':
      return queue.filter((modal) => modal.id !== event.id);
  }
}

/** The modal on screen: the last of the list. */
export function visibleModal<TView>(queue: readonly ModalRequest<TView>[]): ModalRequest<TView> | undefined {
  return queue.at(-1);
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function createModalId(random: () => number = Math.random): string {
  let id = '';
  for (let index = 0; index < MODAL_ID_LENGTH; index += 1) {
    id += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)] ?? 'x';
  }
  return id;
}
