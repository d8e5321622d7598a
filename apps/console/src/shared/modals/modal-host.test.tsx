import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { clearModalsForTests, openModal } from './modal-store';

describe('modal host', () => {
  beforeEach(() => clearModalsForTests());

  it('asks for confirmation with Are You Sure?, Okay and Cancel, and answers the caller', async () => {
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    let answer: Promise<boolean | undefined> = Promise.resolve(undefined);
    act(() => {
      answer = openModal('confirm', { text: 'Disable the receiver?' });
    });
    expect(await screen.findByText('Are You Sure?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Okay' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByText('Are You Sure?')).toBeNull());
  });

  it('shows an urgent modal before the one already open, then the waiting one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    act(() => {
      void openModal('alert', { title: 'First', text: 'first text' });
      void openModal('alert', { title: 'Urgent', text: 'urgent text' }, { urgent: true });
    });
    expect(await screen.findByText('urgent text')).toBeInTheDocument();
    expect(screen.queryByText('first text')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('first text')).toBeInTheDocument();
  });

  it('dismissing with Esc answers undefined', async () => {
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    let answer: Promise<undefined> = Promise.resolve(undefined);
    act(() => {
      answer = openModal('notification', { text: 'Saved' });
    });
    expect(await screen.findByText('Notification')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBeUndefined();
  });
});
