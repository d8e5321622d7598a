import { createElement, useSyncExternalStore, type ReactNode } from 'react';
import { RefusalSaid } from '../forms/refused-field';
import { errorMessageOf, isConflict } from '../http/error-message';
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
  /** What it asks, as text: the same question asked again while it is open is not queued twice. */
  question: string | null;
  render: (state: { submitting: boolean; outdated: boolean; dismiss: () => void }) => ReactNode;
}

let queue: ModalRequest<ModalView>[] = [];
const listeners = new Set<() => void>();
/**
 * Each open modal's caller, answered when it closes; outside the queue so the queue stays plain
 * data. A modal of a page the browser has left has none.
 */
const callers = new Map<string, (result: unknown) => void>();
/** Each open modal's question (ModalView.question) and the answer its callers wait for. */
const openQuestions = new Map<string, Promise<unknown>>();
/** What had the focus when the first of the open modals was asked for: it has it back when the last closes. */
let opener: HTMLElement | null = null;
/**
 * What the last modals gave the focus back to, until the user moves the focus or points elsewhere:
 * a modal that follows them with the focus dropped meanwhile gives it back there too.
 */
let givenBackTo: HTMLElement | null = null;

function forgetGivenBack(): void {
  givenBackTo = null;
  document.removeEventListener('focusin', onFocusIn, true);
  document.removeEventListener('pointerdown', forgetGivenBack, true);
}

// Mantine may give the same element the focus again as its modal's transition ends: not a move.
function onFocusIn(event: FocusEvent): void {
  if (event.target !== givenBackTo) forgetGivenBack();
}

/** The focus was given back to `element` as the modals closed. */
export function focusGivenBack(element: HTMLElement): void {
  forgetGivenBack();
  givenBackTo = element;
  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('pointerdown', forgetGivenBack, true);
}

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

/** The modal's type, title and params as one text; null for params that do not serialise. */
function questionOf(type: string, title: string, params: unknown): string | null {
  try {
    return JSON.stringify([type, title, params]);
  } catch {
    return null;
  }
}

function close(id: string, result: unknown): void {
  const caller = callers.get(id);
  callers.delete(id);
  caller?.(result);
  dispatch({ type: 'closed', id });
}

/**
 * Opens a modal and resolves with the user's answer, or with undefined when they dismiss it or
 * its `signal` takes the question back (it closes unanswered).
 */
/**
 * What the focus goes back to once the modals close: a menu's item leaves with its menu, so the
 * button that opened the menu stands for it.
 */
function openerOf(active: HTMLElement): HTMLElement {
  const menu = active.closest('[role="menu"]');
  if (menu === null || menu.id === '') return active;
  const trigger = [...document.querySelectorAll<HTMLElement>('[aria-controls]')].find(
    (element) => element.getAttribute('aria-controls') === menu.id,
  );
  return trigger ?? active;
}

export function openModal<TParams, TResult>(
  definition: ModalDefinition<TParams, TResult>,
  params: TParams,
  { signal, ...options }: ModalOptions & { signal?: AbortSignal } = {},
): Promise<TResult | undefined> {
  if (signal?.aborted === true) return Promise.resolve(undefined);
  const title = definition.title(params);
  const question = questionOf(definition.type, title, params);
  // A double click that reached the page before the first click's modal drew, or Back asking a
  // question already open, asks it again: the one open answers both callers.
  // (Only while it is on the queue: one closed with the page left keeps its callers waiting.)
  const open = question !== null && queue.some((request) => request.view.question === question);
  const asked = open ? openQuestions.get(question) : undefined;
  if (asked !== undefined) return asked as Promise<TResult | undefined>;
  const id = createModalId();
  signal?.addEventListener('abort', () => close(id, undefined), { once: true });
  if (queue.length === 0) {
    // A failure after a confirmation: its button, busy meanwhile (disabled, so unfocused), had
    // the focus, which the page dropped; the failure's dialog gives it back there too.
    const active = document.activeElement;
    opener =
      active instanceof HTMLElement && active !== document.body
        ? openerOf(active)
        : givenBackTo?.isConnected === true
          ? givenBackTo
          : null;
  }
  const answered = new Promise<TResult | undefined>((resolve) => {
    const answer = (result: TResult) => close(id, result);
    const submit = (submission: () => Promise<TResult>) => void submitModal(id, submission, answer);
    callers.set(id, (result) => resolve(result as TResult | undefined));
    const view: ModalView = {
      title,
      question,
      render: ({ submitting, outdated, dismiss }) =>
        createElement(definition.Content, { params, submitting, outdated, answer, submit, dismiss }),
    };
    dispatch({
      type: 'opened',
      request: {
        id,
        type: definition.type,
        view,
        options,
        submitting: false,
        submitError: null,
        outdated: false,
      },
    });
  });
  if (question !== null) {
    openQuestions.set(question, answered);
    void answered.finally(() => {
      if (openQuestions.get(question) === answered) openQuestions.delete(question);
    });
  }
  return answered;
}

/** Closes the modal with the given id; its caller gets undefined. */
export function closeModal(id: string): void {
  close(id, undefined);
}

/**
 * The browser went back or forward, or the session ended: the modals asked on the page it left must
 * not act on the page it reached, nor their callers (a "Back to the list" after an alert, a return after a review).
 * Each is closed, or once answered if it is submitting, and its caller hears nothing. An urgent
 * modal stays: it is about the session, or it asks whether to leave at all. PageLeaving calls it as
 * the router takes a Back or Forward that no form holds; the modal host as the session ends, with
 * `submitting` closing those too (their submission, refused with the session, would leave them
 * open over the sign-in form with its failure).
 */
export function leavePageModals({ submitting = false }: { submitting?: boolean } = {}): void {
  for (const request of [...queue]) {
    if (request.options.urgent) continue;
    callers.delete(request.id);
    if (submitting || !request.submitting) dispatch({ type: 'closed', id: request.id });
  }
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
    // Said at its field by the content: the form stays open for another try.
    if (error instanceof RefusalSaid) {
      dispatch({ type: 'submit-failed', id, error: null, outdated: false });
      return;
    }
    dispatch({
      type: 'submit-failed',
      id,
      error: errorMessageOf(error, MODAL_SUBMIT_FAILED),
      outdated: isConflict(error),
    });
  }
}

/** The element to give the focus back to now that every modal has closed (once). */
export function takeOpener(): HTMLElement | null {
  const element = opener;
  opener = null;
  return element;
}

export function clearModalsForTests(): void {
  queue = [];
  callers.clear();
  openQuestions.clear();
  opener = null;
  forgetGivenBack();
}
