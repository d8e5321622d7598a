import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http/http-error';
import { LiveControl } from './live-control';
import { LiveProvider } from './live-state';
import { useLiveQueryOptions } from './use-live-query';

const INTERVAL_MS = 30_000;

function Polling({ load }: { load: () => Promise<string> }) {
  const query = useQuery(
    useLiveQueryOptions({ queryKey: ['polled'], queryFn: load, refetchInterval: INTERVAL_MS }),
  );
  return <p>{query.data ?? (query.isError ? 'refused' : 'loading')}</p>;
}

function renderScreen(load: () => Promise<string>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <LiveProvider screen="/screen">
          <LiveControl />
          <Polling load={load} />
        </LiveProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

describe('LiveControl', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('says how old the data is, pauses the refresh, and refreshes at once when live again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const load = vi.fn(() => Promise.resolve('figures'));
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderScreen(load);
    expect(await screen.findByText('figures')).toBeInTheDocument();
    expect(await screen.findByText('updated 0 s ago')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByText('updated 5 s ago')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Paused' }));
    await act(() => vi.advanceTimersByTimeAsync(INTERVAL_MS * 3));
    expect(load).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('radio', { name: 'Live' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(load).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(INTERVAL_MS));
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not poll in a hidden tab and refreshes once on return', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const load = vi.fn(() => Promise.resolve('figures'));
    renderScreen(load);
    expect(await screen.findByText('figures')).toBeInTheDocument();
    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(INTERVAL_MS * 3));
    expect(load).toHaveBeenCalledTimes(1);
    act(() => setVisibility('visible'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(load).toHaveBeenCalledTimes(2);
  });
  it('keeps the age of the figures shown when a refresh fails, and says it failed until one succeeds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let failing = false;
    const load = vi.fn(() => (failing ? Promise.reject(new Error('down')) : Promise.resolve('figures')));
    renderScreen(load);
    expect(await screen.findByText('updated 0 s ago')).toBeInTheDocument();
    expect(screen.queryByText('Last refresh failed')).toBeNull();

    failing = true;
    await act(() => vi.advanceTimersByTimeAsync(INTERVAL_MS));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('updated 30 s ago')).toBeInTheDocument();
    expect(screen.getByText('Last refresh failed')).toBeInTheDocument();

    failing = false;
    await act(() => vi.advanceTimersByTimeAsync(INTERVAL_MS));
    expect(await screen.findByText('updated 0 s ago')).toBeInTheDocument();
    expect(screen.queryByText('Last refresh failed')).toBeNull();
  });

  it('says no refresh failed for a page past the platform’s farthest offset, which the list says itself', async () => {
    const refused = new HttpError(400, {
      errorMessage: 'Invalid request: offset: Must not exceed 1000000',
      code: 'VALIDATION_FAILED',
      details: [{ location: 'querystring', field: 'offset', message: 'Must not exceed 1000000' }],
    });
    renderScreen(() => Promise.reject(refused));
    expect(await screen.findByText('refused')).toBeInTheDocument();
    expect(screen.queryByText('Last refresh failed')).toBeNull();
  });
});
