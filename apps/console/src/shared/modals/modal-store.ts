import { createElement, useSyncExternalStore, type ReactNode } from 'react';
import { errorMessageOf } from '../http/error-message';
import type { ModalDefinition } from './modal-definition';
import {
  createModalId,
  reduceModalQueue,
  type ModalOptions,
  type ModalQueueEvent,
  type ModalRequest,
} from './modal-queue';

/** A failed submission without the platform's own text. */
export const MODAL_SUBMIT_FAILED = 'This could not be done. Please try again or contact support.';

/** What the host shows for an entry: the definition already bound to its params and its caller. */
export interface ModalView {
  title: string;
  render: (state: { submitting: boolean; dismiss: () => void }) => ReactNode;
}

let queue: ModalRequest<ModalView>[] = [];
const listeners = new Set<() => void>();
/** Each open modal's dismissal (its caller gets undefined); outside the queue so the queue stays plain data. */
const dismissals = new Map<string, () => void>();

function dispatch(event: ModalQueueEvent<ModalView>): void {
  queue = reduceModalQueue(queue, event);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useModalQueue(): ModalRequest<ModalView>[] {
  return useSyncExternalStore(subscribe, () => queue);
}

function close(id: string, notify: () => void): void {
  dismissals.delete(id);
  notify();
  dispatch({ type: 'closed', id });
}

/**
 * Opens a modal and resolves with the user's answer, or with undefined when they dismiss it.
 */
export function openModal<TParams, TResult>(
  definition: ModalDefinition<TParams, TResult>,
  params: TParams,
  options: ModalOptions = {},
): Promise<TResult | undefined> {
  const id = createModalId();
  return new Promise((resolve) => {
    const answer = (result: TResult) => close(id, () => resolve(result));
    const submit = (submission: () => Promise<TResult>) => void submitModal(id, submission, answer);
    dismissals.set(id, () => resolve(undefined));
    const view: ModalView = {
      title: definition.title(params),
      render: ({ submitting, dismiss }) =>
        createElement(definition.Content, { params, submitting, answer, submit, dismiss }),
    };
    dispatch({
      type: 'opened',
      request: { id, type: definition.type, view, options, submitting: false, submitError: null },
    });
  });
}

/** Closes the modal with the given id; its caller gets undefined. */
export function closeModal(id: string): void {
  const dismissal = dismissals.get(id);
  close(id, () => dismissal?.());
}

/**
 * Dismisses every modal that is not submitting: the browser went back or forward, and a modal
 * asked on the page it left must not act on the page it reached.
 */
export function dismissOpenModals(): void {
  for (const request of [...queue]) if (!request.submitting) closeModal(request.id);
}

/**
 * Runs the modal's submission: the modal shows it is submitting and cannot be dismissed; a
 * failure stays on the modal as its submit error, a success answers with the result.
 */
export async function submitModal<TResult>(
  id: string,
  submission: () => Promise<TResult>,
  answer: (result: TResult) => void,
): Promise<void> {
  dispatch({ type: 'submitting', id });
  try {
    answer(await submission());
  } catch (error) {
    dispatch({ type: 'submit-failed', id, error: errorMessageOf(error, MODAL_SUBMIT_FAILED) });
  }
}

export function clearModalsForTests(): void {
  queue = [];
  dismissals.clear();
}
