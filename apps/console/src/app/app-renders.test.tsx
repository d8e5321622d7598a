import { Title, useMantineColorScheme } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../shared/runtime-config';
import { TEST_CONFIG } from '../test/tokens';
import { App } from './app';

const screenDrawn = vi.fn();

/** Stands in for every screen: it reads Mantine's context, as every Mantine component does. */
function CountedScreen() {
  useMantineColorScheme();
  screenDrawn();
  return <Title order={1}>A screen</Title>;
}

vi.mock('./router', () => ({
  createRouter: () => createMemoryRouter([{ path: '*', element: <CountedScreen /> }]),
}));

describe('the console around its screens', () => {
  beforeEach(() => {
    screenDrawn.mockClear();
    setRuntimeConfig({ ...TEST_CONFIG });
  });

  afterEach(() => setRuntimeConfig(undefined));

  it('loads the toasts after the first screen without drawing that screen again', async () => {
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'A screen' })).toBeInTheDocument();
    const drawnBefore = screenDrawn.mock.calls.length;

    await waitFor(() => expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull());
    expect(screenDrawn).toHaveBeenCalledTimes(drawnBefore);
  });
});
