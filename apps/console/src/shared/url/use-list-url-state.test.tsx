import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { holdUrl } from '../../test/hold-url';
import { signInWith } from '../../test/session';
import { useLeaveGuard } from '../forms/use-leave-guard';
import { renderRoutes } from '../../test/render';
import { textParam } from './url-params';
import { useUrlFilters, type UrlCodec } from './use-list-url-state';

interface Filters {
  q: string;
}

/** Upper case in the URL, never the word "secret" (as a card number is never written). */
const SHOUTING: UrlCodec<Filters> = {
  read: (search, defaults) => ({ q: search.get('q')?.toLowerCase() ?? defaults.q }),
  write: ({ q }, _defaults, search) => {
    search.delete('q');
    if (q !== '' && q !== 'secret') search.set('q', q.toUpperCase());
    return search;
  },
};

function Finder({ codec, debounceMs }: { codec?: UrlCodec<Filters>; debounceMs?: number }) {
  const options = codec === undefined ? { params: { q: textParam() } } : { codec };
  const { filters, settled, change } = useUrlFilters<Filters>({
    ...options,
    defaults: () => ({ q: '' }),
    debounceMs,
  });
  return (
    <>
      <input aria-label="Find" value={filters.q} onChange={(event) => change({ q: event.target.value })} />
      <button type="button" onClick={() => change({ q: 'secret' }, { now: true })}>
        Secret
      </button>
      <output>asked: {settled.q}</output>
    </>
  );
}

/** A finder on a page whose form holds changes: leaving it asks first. */
function GuardedFinder() {
  useLeaveGuard(true);
  return <Finder debounceMs={300} />;
}

function renderFinder(path: string, codec?: UrlCodec<Filters>, debounceMs?: number) {
  return renderRoutes([{ path: '/list', element: <Finder codec={codec} debounceMs={debounceMs} /> }], {
    path,
  });
}

/** A debounced finder whose render of the URL with `held` search waits for `release`. */
function renderHoldingFinder(path: string, held: string, history?: 'memory' | 'window') {
  const { Hold, release } = holdUrl(held);
  const element = (
    <Suspense>
      <Finder debounceMs={50} />
      <Hold />
    </Suspense>
  );
  return { ...renderRoutes([{ path: '/list', element }], { path }, { history }), release };
}

describe('useUrlFilters', () => {
  it('writes a change with the view’s params, dropping the page, as a new history entry', async () => {
    const { router } = renderFinder('/list?page=3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Find' }), 'a');
    expect(await screen.findByText('asked: a')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=a');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('asked:')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
  });

  it('reads and writes through a codec, keeping the names it does not own', async () => {
    const { router } = renderFinder('/list?q=ABC&tab=2', SHOUTING);
    expect(screen.getByText('asked: abc')).toBeInTheDocument();
    const find = screen.getByRole('textbox', { name: 'Find' });
    await userEvent.type(find, 'd');
    expect(await screen.findByText('asked: abcd')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=2&q=ABCD');
  });

  it('makes no history entry for a change that writes the same URL', () => {
    const { router } = renderFinder('/list?tab=2&q=ABC', SHOUTING);
    const before = router.state.location.key;
    fireEvent.change(screen.getByRole('textbox', { name: 'Find' }), { target: { value: 'ABC' } });
    expect(router.state.location.search).toBe('?tab=2&q=ABC');
    expect(router.state.location.key, 'no navigation, not even a replace').toBe(before);
  });

  it('shows a change written at once on a debounced screen, before (and without) a new URL', () => {
    const { router } = renderFinder('/list?tab=2', SHOUTING, 300);
    fireEvent.click(screen.getByRole('button', { name: 'Secret' }));
    expect(screen.getByRole('textbox', { name: 'Find' }), 'the input shows the change').toHaveValue('secret');
    expect(
      screen.getByText('asked:'),
      'the list asks with the URL, which never holds it',
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=2');
  });

  it('drops a change typed on an earlier URL when Forward returns to one the hook wrote', async () => {
    const { router } = renderFinder('/list', undefined, 50);
    const find = screen.getByRole('textbox', { name: 'Find' });
    fireEvent.change(find, { target: { value: 'a' } });
    expect(await screen.findByText('asked: a')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByText('asked:')).toBeInTheDocument();
    fireEvent.change(find, { target: { value: 'x' } });
    await act(() => router.navigate(1));
    expect(await screen.findByText('asked: a')).toBeInTheDocument();
    expect(find, 'the input shows the URL it went to, not the change made before').toHaveValue('a');
  });

  it('keeps a change typed while its own written URL is still rendering, and writes it after the debounce', async () => {
    const { router, release } = renderHoldingFinder('/list', '?q=a');
    const find = screen.getByRole('textbox', { name: 'Find' });
    fireEvent.change(find, { target: { value: 'a' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=a'));
    expect(screen.getByText('asked:'), 'the new URL is not drawn yet').toBeInTheDocument();

    // An act that returns a promise: a synchronous one would not hear the held render resolve.
    await act(() => Promise.resolve(fireEvent.change(find, { target: { value: 'ab' } })));
    await act(release);
    expect(await screen.findByText('asked: ab')).toBeInTheDocument();
    expect(find).toHaveValue('ab');
    expect(router.state.location.search).toBe('?q=ab');
  });

  it('drops a change when Back comes before the URL it wrote is drawn, back to the address it was made on', async () => {
    const { router, release } = renderHoldingFinder('/list?q=a', '', 'window');
    const find = screen.getByRole('textbox', { name: 'Find' });
    fireEvent.change(find, { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText('asked: a'), 'the new URL is not drawn yet').toBeInTheDocument();

    await act(async () => {
      await router.navigate(-1);
      await waitFor(() => expect(router.state.location.search).toBe('?q=a'));
    });
    await act(release);
    expect(find, 'the input shows the address gone back to').toHaveValue('a');
    expect(screen.getByText('asked: a')).toBeInTheDocument();
  });

  it('keeps a change typed before a Back that a leave guard blocks, and writes it after the debounce', async () => {
    signInWith([]);
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/other', element: <p>other</p> },
        { path: '/list', element: <GuardedFinder /> },
      ],
      { path: '/other' },
      { history: 'window' },
    );
    await act(() => router.navigate('/list?q=a'));
    const find = await screen.findByRole('textbox', { name: 'Find' });
    fireEvent.change(find, { target: { value: 'ab' } });
    await act(async () => {
      await router.navigate(-1);
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search, 'written after the debounce').toBe('?q=ab'));
    expect(router.state.location.pathname).toBe('/list');
    expect(find).toHaveValue('ab');
  });

  it('makes a bare link’s filters again when the screen is drawn on another day; a link’s stay', () => {
    vi.useFakeTimers({ now: new Date(2026, 11, 7, 23, 59) });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    interface Range {
      from: string;
      to: string;
    }
    function DayFinder() {
      const [, redraw] = useState(0);
      const { settled } = useUrlFilters<Range>({
        params: { from: textParam(), to: textParam() },
        defaults: () => ({ from: `${new Date().getDate()} 00:00`, to: `${new Date().getDate()} 23:59` }),
      });
      return (
        <>
          <output>
            asked: {settled.from} – {settled.to}
          </output>
          <button type="button" onClick={() => redraw((count) => count + 1)}>
            Refresh
          </button>
        </>
      );
    }
    const { unmount } = renderRoutes([{ path: '/list', element: <DayFinder /> }], { path: '/list' });
    expect(screen.getByRole('status')).toHaveTextContent('asked: 7 00:00 – 7 23:59');
    vi.setSystemTime(new Date(2026, 11, 8, 0, 1));
    expect(screen.getByRole('status'), 'nothing drawn since midnight').toHaveTextContent(
      'asked: 7 00:00 – 7 23:59',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByRole('status')).toHaveTextContent('asked: 8 00:00 – 8 23:59');
    unmount();

    // A link with its To chosen keeps the From of the day it was read on: no range reversed under the user.
    vi.setSystemTime(new Date(2026, 11, 8, 23, 59));
    renderRoutes([{ path: '/list', element: <DayFinder /> }], { path: '/list?to=8%2012:00' });
    expect(screen.getByRole('status')).toHaveTextContent('asked: 8 00:00 – 8 12:00');
    vi.setSystemTime(new Date(2026, 11, 9, 0, 1));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByRole('status')).toHaveTextContent('asked: 8 00:00 – 8 12:00');
  });
});
