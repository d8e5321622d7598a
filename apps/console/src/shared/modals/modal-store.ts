import { useSyncExternalStore } from 'react';
import {
  createModalId,
  reduceModalQueue,
  type ModalOptions,
  type ModalQueueEvent,
  type ModalRequest,
} from './modal-queue';
import type { ModalParams, ModalResult, ModalType } from './modal-types';

let queue: ModalRequest[] = [];
const listeners = new Set<() => void>();
/** Resolvers live outside the queue so the queue stays plain data. */
const resolvers = new Map<string, (result: unknown) => void>();

function dispatch(event: ModalQueueEvent): void {
  queue = reduceModalQueue(queue, event);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useModalQueue(): ModalRequest[] {
  return useSyncExternalStore(subscribe, () => queue);
}

/**
 * Opens a modal and resolves with the user's answer, or with undefined when they dismiss it.
 */
export function openModal<T extends ModalType>(
  type: T,
  params: ModalParams<T>,
  options: ModalOptions = {},
): Promise<ModalResult<T> | undefined> {
  const id = createModalId();
  return new Promise((resolve) => {
    resolvers.set(id, (result) => resolve(result as ModalResult<T> | undefined));
    dispatch({
      type: 'opened',
      request: { id, type, params, options, submitting: false, submitError: null },
    });
  });
}

/** Closes the modal with the given id, answering its caller. */
export function closeModal(id: string, result?: unknown): void {
  resolvers.get(id)?.(result);
  resolvers.delete(id);
  dispatch({ type: 'closed', id });
}

/**
 * Runs the modal's submission: the modal shows it is submitting and cannot be dismissed; a
 * failure stays on the modal as its submit error, a success closes it with the result.
 */
export async function submitModal(id: string, submission: () => Promise<unknown>): Promise<void> {
  dispatch({ type: 'submitting', id });
  try {
    const result = await submission();
    closeModal(id, result);
  } catch (error) {
    dispatch({ type: 'submit-failed', id, error: error instanceof Error ? error.message : String(error) });
  }
}

export function clearModalsForTests(): void {
  queue = [];
  resolvers.clear();
}
