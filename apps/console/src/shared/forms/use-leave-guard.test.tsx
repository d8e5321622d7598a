import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearModalsForTests } from '../modals/modal-store';
import { resetAccountForTests, signOutLocally } from '../session/session-state';
import { renderRoutes } from '../../test/render';
import { signInWith } from '../../test/session';
import { useLeaveGuard } from './use-leave-guard';

function NoteForm() {
  const [note, setNote] = useState('');
  const navigate = useNavigate();
  const leaving = useLeaveGuard(note !== '');
  return (
    <>
      <label>
        Note
        <input value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/form?tab=2">Other tab</Link>
      <button
        type="button"
        onClick={() => {
          leaving.allow();
          void navigate('/elsewhere');
        }}
      >
        Save
      </button>
    </>
  );
}

const routes = [
  { path: '/form', element: <NoteForm /> },
  { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
];

describe('leaving a form with changes not saved', () => {
  beforeEach(() => signInWith([]));
  afterEach(() => {
    clearModalsForTests();
    resetAccountForTests();
  });

  async function typeNote() {
    const user = userEvent.setup();
    const view = renderRoutes(routes, { path: '/form' });
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'half done');
    return { user, ...view };
  }

  it('asks first; Cancel keeps the form as it was typed, Leave goes', async () => {
    const { user, router } = await typeNote();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent(
      'What you changed on this form has not been saved. Leave the page and lose it?',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('half done');
    expect(router.state.location.pathname).toBe('/form');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
  });

  it('asks nothing of an untouched form', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/form' });
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
  });

  it('asks nothing of another address of the same page, nor of the form’s own way out', async () => {
    const { user, router } = await typeNote();
    await user.click(screen.getByRole('link', { name: 'Other tab' }));
    expect(router.state.location.search).toBe('?tab=2');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('half done');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes its question back when the form leaves by its own way meanwhile, and asks once for two Backs', async () => {
    const { user, router } = await typeNote();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    // The save answered while the question was open: the form leaves, its question with it.
    fireEvent.click(screen.getByRole('button', { name: 'Save', hidden: true }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await act(() => router.navigate('/form'));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'again');
    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(screen.getAllByRole('dialog', { name: 'Leave without saving?' })).toHaveLength(1),
    );
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets a session that has ended go to its sign-in page', async () => {
    const { user, router } = await typeNote();
    signOutLocally();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('has the browser ask before a reload or closing the tab, only while there are changes', async () => {
    const { user } = await typeNote();
    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(true);

    await user.clear(screen.getByRole('textbox', { name: 'Note' }));
    const untouched = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(untouched);
    expect(untouched.defaultPrevented).toBe(false);
  });
});
