import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { Button } from '@mantine/core';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/session';
import { resetAccountForTests, signOutLocally } from '../session/session-state';
import { HttpError } from '../http/http-error';
import type { ModalContentProps, ModalDefinition } from './modal-definition';
import {
  clearModalsForTests,
  closeModal,
  leavePageModals,
  MODAL_SUBMIT_FAILED,
  openModal,
  useModalQueue,
} from './modal-store';
import { alertModal, confirmModal, notificationModal } from './standard-modals';

/** A modal of its own, as an area defines one: Send runs the submission the test hands in. */
function SendContent({ params, submit }: ModalContentProps<{ send: () => Promise<string> }, string>) {
  return <Button onClick={() => submit(params.send)}>Send</Button>;
}
const sendModal: ModalDefinition<{ send: () => Promise<string> }, string> = {
  type: 'send',
  title: () => 'Send it',
  Content: SendContent,
};

function QueueEntries() {
  return (
    <p data-testid="queue">
      {useModalQueue()
        .map((modal) => `${modal.id}:${modal.type}`)
        .join(',')}
    </p>
  );
}

describe('modal host', () => {
  beforeEach(() => clearModalsForTests());

  it('asks for confirmation with Are You Sure?, Okay and Cancel, and answers the caller', async () => {
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    let answer: Promise<boolean | undefined> = Promise.resolve(undefined);
    act(() => {
      answer = openModal(confirmModal, { text: 'Disable the receiver?' });
    });
    expect(await screen.findByText('Are You Sure?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Okay' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByText('Are You Sure?')).toBeNull());
  });

  it('closes the open and waiting modals when their page is left; their callers hear nothing', async () => {
    renderWithProviders(<p>page</p>);
    const heard: string[] = [];
    act(() => {
      void openModal(confirmModal, { text: 'Reject 1 selected transaction?' }).then(() =>
        heard.push('first'),
      );
      void openModal(confirmModal, { text: 'Disable the receiver?' }).then(() => heard.push('second'));
    });
    expect(await screen.findByText('Are You Sure?')).toBeInTheDocument();
    act(() => leavePageModals());
    await waitFor(() => expect(screen.queryByText('Are You Sure?')).toBeNull());
    // An answer would have reached its caller in the same turn as the close.
    await act(() => Promise.resolve());
    expect(heard).toEqual([]);
  });

  it('keeps a modal that is submitting when its page is left, and closes it once answered', async () => {
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    let finish: (value: string) => void = () => undefined;
    const heard: Array<string | undefined> = [];
    act(() => {
      void openModal(sendModal, { send: () => new Promise<string>((resolve) => (finish = resolve)) }).then(
        (answer) => heard.push(answer),
      );
    });
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    act(() => leavePageModals());
    expect(screen.getByRole('dialog', { name: 'Send it' })).toBeInTheDocument();
    act(() => finish('sent'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send it' })).toBeNull());
    await act(() => Promise.resolve());
    expect(heard, 'the page that asked was left').toEqual([]);
  });

  it('keeps an urgent modal when its page is left: it is about the session, not the page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    let answer: Promise<undefined> = Promise.resolve(undefined);
    act(() => {
      answer = openModal(alertModal, { title: 'Session ended', text: 'Sign in again' }, { urgent: true });
    });
    expect(await screen.findByText('Sign in again')).toBeInTheDocument();
    act(() => leavePageModals());
    expect(screen.getByText('Sign in again')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBeUndefined();
  });

  it('shows an urgent modal before the one already open, then the waiting one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    act(() => {
      void openModal(alertModal, { title: 'First', text: 'first text' });
      void openModal(alertModal, { title: 'Urgent', text: 'urgent text' }, { urgent: true });
    });
    expect(await screen.findByText('urgent text')).toBeInTheDocument();
    expect(screen.queryByText('first text')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('first text')).toBeInTheDocument();
  });

  it('focuses Cancel in a confirmation, and gives the focus back to what opened it once closed', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Button onClick={() => void openModal(confirmModal, { text: 'Delete the user?' })}>Delete</Button>,
    );
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Are You Sure?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());

    // Enter on the focused Cancel answers no, and the focus comes back again.
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('gives the focus back to the button of a confirmed change that failed, busy meanwhile, after its failure', async () => {
    const user = userEvent.setup();
    function DeleteButton() {
      const [busy, setBusy] = useState(false);
      const remove = async () => {
        if (!(await openModal(confirmModal, { text: 'Delete the role?' }))) return;
        // The button shows it is busy (Mantine disables a loading button): the page drops the focus.
        setBusy(true);
        // As the browser drops the focus of a disabled button (jsdom keeps it).
        (document.activeElement as HTMLElement | null)?.blur();
        await new Promise((resolve) => setTimeout(resolve, 10));
        setBusy(false);
        await openModal(alertModal, { title: 'Failed to delete role', text: 'It is held' });
      };
      return (
        <Button loading={busy} onClick={() => void remove()}>
          Delete
        </Button>
      );
    }
    renderWithProviders(<DeleteButton />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    const confirm = await screen.findByRole('dialog', { name: 'Are You Sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Okay' }));
    const failure = await screen.findByRole('dialog', { name: 'Failed to delete role' });
    await user.click(within(failure).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('gives the focus back to the button of a confirmed change once the change has finished and enabled it again', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    function HoldButton() {
      const [busy, setBusy] = useState(false);
      // The change is made; the button stays busy until the lists reload after it.
      const hold = () => {
        setBusy(true);
        // As the browser drops the focus of a disabled button (jsdom keeps it).
        (document.activeElement as HTMLElement | null)?.blur();
        finish = () => setBusy(false);
        return Promise.resolve('held');
      };
      return (
        <Button loading={busy} onClick={() => void openModal(sendModal, { send: hold })}>
          Place on Hold
        </Button>
      );
    }
    renderWithProviders(
      <>
        <HoldButton />
        <p>page</p>
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Place on Hold' });
    const holdAndWait = async () => {
      await user.click(opener);
      await user.click(await screen.findByRole('button', { name: 'Send' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(opener).toBeDisabled();
      expect(document.body).toHaveFocus();
    };
    await holdAndWait();
    act(() => finish());
    await waitFor(() => expect(opener).toHaveFocus());

    // The user moves on while the change finishes (a click on the page's text): the focus stays theirs.
    await holdAndWait();
    await user.click(screen.getByText('page'));
    // Awaited: the enabling is seen by a MutationObserver, whose callback runs as a microtask.
    await act(async () => {
      finish();
      await Promise.resolve();
    });
    expect(opener).toBeEnabled();
    expect(document.body).toHaveFocus();
  });

  it('gives the focus back to none of it once the user has moved on', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Button onClick={() => void openModal(confirmModal, { text: 'Delete the role?' })}>Delete</Button>
        <p>page</p>
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
    // A click on the page's text: the focus leaves Delete for the page itself.
    await user.click(screen.getByText('page'));
    expect(document.body).toHaveFocus();
    act(() => {
      void openModal(notificationModal, { text: 'Saved elsewhere' });
    });
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Where the user left it, not on Delete.
    expect(document.body).toHaveFocus();
  });

  it('closes the page’s modals as the session ends, its caller hearing nothing; one opened signed out stays', async () => {
    signInWith(['EDIT_LOAD_BALANCER']);
    onTestFinished(resetAccountForTests);
    renderWithProviders(<p>page</p>);
    const heard: unknown[] = [];
    act(() => {
      void openModal(confirmModal, { text: 'Adjust the weight?' }).then((answer) => heard.push(answer));
    });
    expect(await screen.findByRole('dialog', { name: 'Are You Sure?' })).toBeInTheDocument();
    // Signed out in another tab, or refused by the platform.
    act(() => signOutLocally());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await Promise.resolve();
    expect(heard).toEqual([]);

    act(() => {
      void openModal(notificationModal, { text: 'The link has expired' });
    });
    expect(await screen.findByRole('dialog', { name: 'Notification' })).toBeInTheDocument();
  });

  it('closes a modal whose own Save the platform refused with the session, rather than show its failure', async () => {
    signInWith(['EDIT_LOAD_BALANCER']);
    onTestFinished(resetAccountForTests);
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    act(() => {
      void openModal(sendModal, {
        // As the HTTP client does with a 401: the session ends before the call's failure reaches the modal.
        send: () => {
          signOutLocally();
          return Promise.reject(new HttpError(401, undefined));
        },
      });
    });
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(MODAL_SUBMIT_FAILED)).toBeNull();
  });

  it('dismissing with Esc answers undefined', async () => {
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    let answer: Promise<undefined> = Promise.resolve(undefined);
    act(() => {
      answer = openModal(notificationModal, { text: 'Saved' });
    });
    expect(await screen.findByText('Notification')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBeUndefined();
  });

  it('shows a submission in progress, keeps its failure beneath the buttons, and answers on success', async () => {
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    let finish: (value: string) => void = () => undefined;
    const attempts = [
      () =>
        Promise.reject(
          new HttpError(409, { errorMessage: 'The receiver was changed by someone else', code: 'CONFLICT' }),
        ),
      () => Promise.reject(new HttpError(502, undefined)),
      () => new Promise<string>((resolve) => (finish = resolve)),
    ];
    let answer: Promise<string | undefined> = Promise.resolve(undefined);
    act(() => {
      answer = openModal(sendModal, {
        send: () => attempts.shift()?.() ?? Promise.reject(new Error('none left')),
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Send it' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The receiver was changed by someone else');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MODAL_SUBMIT_FAILED);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    act(() => finish('sent'));
    await expect(answer).resolves.toBe('sent');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closing by id removes only that modal and answers its caller with undefined', async () => {
    renderWithProviders(<QueueEntries />);
    let first: Promise<boolean | undefined> = Promise.resolve(true);
    act(() => {
      first = openModal(confirmModal, { text: 'first' });
      void openModal(alertModal, { title: 'Second', text: 'second' });
    });
    expect(await screen.findByText('first')).toBeInTheDocument();
    const idOf = (type: string) =>
      screen
        .getByTestId('queue')
        .textContent.split(',')
        .find((entry) => entry.endsWith(`:${type}`))
        ?.split(':')[0] ?? '';

    act(() => closeModal(idOf('alert')));
    expect(screen.getByTestId('queue')).toHaveTextContent(/^\w{5}:confirm$/);
    expect(screen.getByText('first')).toBeInTheDocument();

    act(() => closeModal(idOf('confirm')));
    await expect(first).resolves.toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
  it('asks a question once when it is asked again while open (a double click, Back): both callers hear its answer; another question waits its turn', async () => {
    const user = userEvent.setup();
    renderWithProviders(<QueueEntries />);
    let first: Promise<boolean | undefined> = Promise.resolve(undefined);
    let again: Promise<boolean | undefined> = Promise.resolve(true);
    act(() => {
      first = openModal(confirmModal, { text: 'Disable Alpha?' });
      again = openModal(confirmModal, { text: 'Disable Alpha?' });
      void openModal(confirmModal, { text: 'Disable Beta?' });
    });
    expect(screen.getByTestId('queue')).toHaveTextContent(/^\w{5}:confirm,\w{5}:confirm$/);
    await user.click(screen.getByRole('button', { name: 'Okay' }));
    await expect(first).resolves.toBe(true);
    await expect(again).resolves.toBe(true);
    expect(await screen.findByText('Disable Beta?')).toBeInTheDocument();
    expect(screen.queryByText('Disable Alpha?')).toBeNull();
  });
  it('asks again a question whose modal closed as the browser went back', async () => {
    renderWithProviders(<QueueEntries />);
    act(() => {
      void openModal(confirmModal, { text: 'Leave without saving?' });
    });
    expect(await screen.findByText('Leave without saving?')).toBeInTheDocument();
    act(() => leavePageModals());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => {
      void openModal(confirmModal, { text: 'Leave without saving?' });
    });
    expect(await screen.findByText('Leave without saving?')).toBeInTheDocument();
  });
});
