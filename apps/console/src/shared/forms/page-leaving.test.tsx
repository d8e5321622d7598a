import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commentModal } from '../modals/comment-modal-definition';
import { clearModalsForTests, openModal } from '../modals/modal-store';
import { resetAccountForTests } from '../session/session-state';
import { renderRoutes } from '../../test/render';
import { signInWith } from '../../test/session';

const routes = [
  { path: '/list', element: <h1>List page</h1> },
  { path: '/detail', element: <h1>Detail page</h1> },
];

/** A comment modal asked on the detail page, reached from the list; what its caller heard. */
async function commentAsked() {
  const view = renderRoutes(routes, { path: '/list' }, { history: 'window' });
  await act(() => view.router.navigate('/detail'));
  const heard: unknown[] = [];
  const sent: string[] = [];
  act(() => {
    void openModal(commentModal, {
      title: 'Submit for Review',
      placeholder: 'Comment',
      confirmLabel: 'Submit',
      schema: z.string().min(1),
      apply: (comment) => {
        sent.push(comment);
        return Promise.resolve();
      },
    }).then((answer) => heard.push(answer));
  });
  const field = await screen.findByRole('textbox', { name: 'Comment' });
  return { ...view, field, heard, sent, user: userEvent.setup() };
}

describe('leaving a page with a modal open', () => {
  // Its content's chunk, loaded once before the tests rather than inside the first one's wait.
  beforeAll(async () => {
    await commentModal.Content.preload?.();
  });
  beforeEach(() => signInWith([]));
  afterEach(() => {
    clearModalsForTests();
    resetAccountForTests();
  });

  it('closes an untouched modal with its page on Back; its caller hears nothing', async () => {
    const { router, heard } = await commentAsked();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'List page' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Submit for Review' })).toBeNull());
    expect(heard).toEqual([]);
  });

  it('asks before Back takes a typed comment; Cancel keeps it to send, Leave goes', async () => {
    const { router, field, user, sent } = await commentAsked();
    await user.type(field, 'Checked with the bank');
    await act(() => router.navigate(-1));
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(question).toHaveTextContent(
      'What you changed on this form has not been saved. Leave the page and lose it?',
    );
    // The comment's modal is hidden behind the question before it is answered.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Submit for Review' })).toBeNull());
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull());
    expect(window.location.pathname, 'the Back was undone').toBe('/detail');
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('Checked with the bank');

    await act(() => router.navigate(-1));
    const again = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'List page' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);
  });

  it('asks again for a second Back while the question is open, the comment still held', async () => {
    const { router, field, user } = await commentAsked();
    await user.type(field, 'Checked with the bank');
    await act(() => router.navigate(-1));
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Submit for Review' })).toBeNull());
    await act(() => router.navigate(-1));
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    // The router undoes a held Back with a history step of its own, which lands a moment later.
    await waitFor(() => expect(window.location.pathname, 'both Backs were undone').toBe('/detail'));
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('textbox', { name: 'Comment' })).toHaveValue('Checked with the bank');
  });

  it('sends the comment kept by Cancel', async () => {
    const { router, field, user, sent, heard } = await commentAsked();
    await user.type(field, 'Checked with the bank');
    await act(() => router.navigate(-1));
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(heard).toEqual([true]));
    expect(sent).toEqual(['Checked with the bank']);
    expect(router.state.location.pathname).toBe('/detail');
  });
});
