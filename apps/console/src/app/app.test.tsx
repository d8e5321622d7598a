import { notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearModalsForTests, openModal } from '../shared/modals/modal-store';
import { alertModal } from '../shared/modals/standard-modals';
import { setRuntimeConfig } from '../shared/runtime-config';
import { TEST_CONFIG } from '../test/tokens';
import { App } from './app';

describe('the console', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    window.history.replaceState(null, '', '/login');
  });

  afterEach(() => {
    clearModalsForTests();
    setRuntimeConfig(undefined);
  });

  it('shows a toast shown before its container has loaded', async () => {
    render(<App />);
    notifications.show({ message: 'Shown at once' });
    expect(await screen.findByText('Shown at once')).toBeInTheDocument();
  });

  it('loads the toasts once the first screen has shown, before any toast', async () => {
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull());
    notifications.show({ message: 'Shown later' });
    expect(await screen.findByText('Shown later')).toBeInTheDocument();
  });

  it('opens a modal through the host that loads with the first one', async () => {
    render(<App />);
    await screen.findByRole('heading', { name: 'Login' });
    void openModal(alertModal, { title: 'Apologies', text: 'Please try again' });
    expect(await screen.findByRole('dialog', { name: 'Apologies' })).toHaveTextContent('Please try again');
  });
});
