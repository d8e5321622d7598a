import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { HttpError } from '../http/http-error';
import { combineQueries, QueryState, type QueryLike } from './query-state';

function query<T>(state: Partial<QueryLike<T>>): QueryLike<T> {
  return { isPending: false, isError: false, data: undefined, refetch: vi.fn(), ...state };
}

function show(state: QueryLike<string[]>, extra: { retryLabel?: string; keepDataOnError?: boolean } = {}) {
  renderWithProviders(
    <QueryState
      query={state}
      loadingLabel="Loading fruit"
      errorText="No fruit today."
      emptyText="No fruit."
      {...extra}
    >
      {(fruit) => <p>{fruit.join(', ')}</p>}
    </QueryState>,
  );
}

function renderShown(state: QueryLike<string[]>) {
  return renderWithProviders(
    <QueryState query={state} errorText="No fruit today." retryLabel="Try again">
      {(fruit) => <p>{fruit.join(', ')}</p>}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('shows a named loader while the first load runs', () => {
    show(query({ isPending: true }));
    expect(screen.getByRole('progressbar', { name: 'Loading fruit' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the failure as an alert, without a retry button unless asked', () => {
    show(query({ isError: true }));
    expect(screen.getByRole('alert')).toHaveTextContent('No fruit today.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('refetches from the retry button', async () => {
    const failed = query<string[]>({ isError: true });
    show(failed, { retryLabel: 'Try again' });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('offers no retry for a request refused as asked: asking the same again is refused again', () => {
    const refused = new HttpError(400, {
      errorMessage: 'unknown is not a field of this process.',
      code: 'X',
    });
    const { unmount } = renderShown(query({ isError: true, error: refused }));
    expect(screen.getByRole('alert')).toHaveTextContent('unknown is not a field of this process.');
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    for (const status of [429, 500]) {
      const { unmount: gone } = renderShown(
        query({ isError: true, error: new HttpError(status, { errorMessage: 'Busy', code: 'X' }) }),
      );
      expect(screen.getByRole('button', { name: 'Try again' }), `after a ${status}`).toBeInTheDocument();
      gone();
    }
  });

  it('says when the list is empty, and shows the data otherwise', () => {
    show(query({ data: [] }));
    expect(screen.getByRole('status')).toHaveTextContent('No fruit.');
    show(query({ data: ['apple', 'pear'] }));
    expect(screen.getByText('apple, pear')).toBeInTheDocument();
  });

  it('hides data beside a failed refresh unless told to keep it', () => {
    show(query({ isError: true, data: ['apple'] }));
    expect(screen.queryByText('apple')).toBeNull();
    show(query({ isError: true, data: ['pear'] }), { keepDataOnError: true });
    expect(screen.getByText('pear')).toBeInTheDocument();
  });
});

describe('combineQueries', () => {
  it('fails when either fails, waits for both, and holds data only when both answered', () => {
    expect(combineQueries(query({ isPending: true }), query({ isError: true, data: 1 }))).toMatchObject({
      isError: true,
      isPending: false,
      data: undefined,
    });
    expect(combineQueries(query({ data: 1 }), query({ isPending: true }))).toMatchObject({
      isError: false,
      isPending: true,
      data: undefined,
    });
    expect(combineQueries(query({ data: 1 }), query({ data: 'two' })).data).toEqual([1, 'two']);
  });

  it('refetches both', async () => {
    const first = query({ isError: true });
    const second = query({ data: 2 });
    await combineQueries(first, second).refetch();
    expect(first.refetch).toHaveBeenCalledOnce();
    expect(second.refetch).toHaveBeenCalledOnce();
  });
});
