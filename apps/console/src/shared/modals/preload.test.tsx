import { Button } from '@mantine/core';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIdleCallbacks, type IdleCallback } from '../../test/idle';
import { renderWithProviders } from '../../test/render';
import type { ModalContentProps, ModalDefinition } from './modal-definition';
import { clearModalsForTests, openModal } from './modal-store';
import { lazyComponent, PRELOAD_IDLE_TIMEOUT_MS } from '../lazy-component';
import { preloadModalsOnIntent, usePreloadModalsWhenIdle, type PreloadableModal } from './preload';

function ChunkContent({ params }: ModalContentProps<{ text: string }, true>) {
  return <p>{params.text}</p>;
}

/** A modal as an area defines one, its chunk's import replaced by a mock. */
function chunkModal() {
  const importChunk = vi.fn(() => Promise.resolve(ChunkContent));
  const modal: ModalDefinition<{ text: string }, true> = {
    type: 'chunk',
    title: () => 'Disable the receiver',
    Content: lazyComponent(importChunk),
  };
  return { modal, importChunk, modals: [modal] };
}

function Screen({ modals }: { modals: readonly PreloadableModal[] }) {
  usePreloadModalsWhenIdle(modals);
  return <Button {...preloadModalsOnIntent(modals)}>Deactivate</Button>;
}

describe('modal preloading', () => {
  let idleCallbacks: IdleCallback[] = [];

  beforeEach(() => {
    clearModalsForTests();
    idleCallbacks = stubIdleCallbacks();
  });
  afterEach(() => {
    // Unmounting cancels the idle callbacks, so it comes before they are unstubbed.
    cleanup();
    vi.unstubAllGlobals();
  });

  it('requests the chunk once the browser is idle after the screen rendered, with a timeout', () => {
    const { importChunk, modals } = chunkModal();
    renderWithProviders(<Screen modals={modals} />);
    expect(importChunk, 'nothing loads while the screen renders').not.toHaveBeenCalled();
    expect(idleCallbacks).toHaveLength(1);
    expect(idleCallbacks[0]?.options).toEqual({ timeout: PRELOAD_IDLE_TIMEOUT_MS });
    act(() => idleCallbacks[0]?.run());
    expect(importChunk).toHaveBeenCalledTimes(1);
  });

  it('requests the chunk when the opening button is hovered or focused, and only once', async () => {
    const user = userEvent.setup();
    const { importChunk, modals } = chunkModal();
    renderWithProviders(<Screen modals={modals} />);
    await user.hover(screen.getByRole('button', { name: 'Deactivate' }));
    expect(importChunk).toHaveBeenCalledTimes(1);
    await user.unhover(screen.getByRole('button', { name: 'Deactivate' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Deactivate' })).toHaveFocus();
    expect(importChunk, 'a second request reuses the first load').toHaveBeenCalledTimes(1);
  });

  it('opens a preloaded modal with its content at once, without a loader', async () => {
    const { modal } = chunkModal();
    renderWithProviders(<p>page</p>);
    await act(() => modal.Content.preload?.());
    act(() => void openModal(modal, { text: 'Traffic moves to the other receivers.' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable the receiver' });
    expect(dialog).toHaveTextContent('Traffic moves to the other receivers.');
    expect(screen.queryByLabelText('Loading'), 'no loader in the dialog').not.toBeInTheDocument();
  });

  it('shows a loader while a modal opened before its preload loads, then its content', async () => {
    let deliverChunk: (content: typeof ChunkContent) => void = () => {};
    const modal: ModalDefinition<{ text: string }, true> = {
      type: 'chunk',
      title: () => 'Disable the receiver',
      Content: lazyComponent(() => new Promise((resolve) => (deliverChunk = resolve))),
    };
    renderWithProviders(<p>page</p>);
    // Awaited acts: React retries a suspended render in a test only after an awaited act.
    await act(() => {
      void openModal(modal, { text: 'Traffic moves to the other receivers.' });
      return Promise.resolve();
    });
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    await act(() => {
      deliverChunk(ChunkContent);
      return Promise.resolve();
    });
    expect(screen.getByText('Traffic moves to the other receivers.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
  });
});
