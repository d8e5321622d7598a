import { describe, expect, it } from 'vitest';
import { createModalId, reduceModalQueue, visibleModal, type ModalRequest } from './modal-queue';

function modal(id: string, urgent = false): ModalRequest<null> {
  return {
    id,
    type: 'confirm',
    view: null,
    options: { urgent },
    submitting: false,
    submitError: null,
    outdated: false,
  };
}

describe('modal queue', () => {
  it('puts a new modal at the front and an urgent one at the back, where it is visible', () => {
    let queue = reduceModalQueue([], { type: 'opened', request: modal('first') });
    queue = reduceModalQueue(queue, { type: 'opened', request: modal('second') });
    expect(queue.map((m) => m.id)).toEqual(['second', 'first']);
    expect(visibleModal(queue)?.id).toBe('first');

    queue = reduceModalQueue(queue, { type: 'opened', request: modal('urgent', true) });
    expect(visibleModal(queue)?.id).toBe('urgent');
  });

  it('marks a submission and clears its previous error, then records a failure', () => {
    let queue: ModalRequest<null>[] = [{ ...modal('a'), submitError: 'old' }];
    queue = reduceModalQueue(queue, { type: 'submitting', id: 'a' });
    expect(queue[0]).toMatchObject({ submitting: true, submitError: null });
    queue = reduceModalQueue(queue, { type: 'submit-failed', id: 'a', error: 'Nope', outdated: false });
    expect(queue[0]).toMatchObject({ submitting: false, submitError: 'Nope', outdated: false });
  });

  it('keeps a modal outdated once a submission was refused as such, whatever fails after', () => {
    let queue: ModalRequest<null>[] = [modal('a')];
    queue = reduceModalQueue(queue, { type: 'submit-failed', id: 'a', error: 'Changed', outdated: true });
    queue = reduceModalQueue(queue, { type: 'submitting', id: 'a' });
    queue = reduceModalQueue(queue, { type: 'submit-failed', id: 'a', error: 'Offline', outdated: false });
    expect(queue[0]).toMatchObject({ submitError: 'Offline', outdated: true });
  });

  it('closing removes only the entry with that id', () => {
    const queue = reduceModalQueue([modal('a'), modal('b'), modal('c')], { type: 'closed', id: 'b' });
    expect(queue.map((m) => m.id)).toEqual(['a', 'c']);
  });

  it('makes ids of five characters', () => {
    expect(createModalId()).toMatch(/^[a-z0-9]{5}$/);
    expect(createModalId(() => 0)).toBe('aaaaa');
  });
});
