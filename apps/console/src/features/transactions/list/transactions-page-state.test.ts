import type { TransactionsResponse } from '@web-control/contract/transactions';
import { describe, expect, it } from 'vitest';
import { buildTransaction } from '../../../test/transactions';
import {
  initialTransactionsPageState,
  reduceTransactionsPage,
  type TransactionsPageAction,
  type TransactionsPageState,
} from './transactions-page-state';

function response(uuids: string[], previousPage = false, nextPage = false): TransactionsResponse {
  return {
    transactions: uuids.map((uuid) => buildTransaction({ uuid })),
    paging: { previousPage, nextPage },
  };
}

function run(actions: TransactionsPageAction[], from = initialTransactionsPageState): TransactionsPageState {
  return actions.reduce(reduceTransactionsPage, from);
}

/** A page with a list on it: page 1 of a, b with a next page. */
const listed = run([
  { type: 'initial-refresh', page: 1 },
  { type: 'loaded', id: 1, page: 1, response: response(['a', 'b'], false, true) },
]);

describe('transactions page state', () => {
  it('starts loading on page 1 of 20 with auto-refresh off and nothing selected', () => {
    expect(initialTransactionsPageState).toEqual({
      loading: true,
      transactions: [],
      error: null,
      currentPage: 1,
      pageSize: 20,
      latestUuid: null,
      previousPage: false,
      nextPage: false,
      selectedUuid: null,
      autoRefresh: false,
      pendingLoad: null,
      loadCount: 0,
    });
  });

  it('takes a first page: the list, its paging and its first row as the latest record', () => {
    expect(listed).toMatchObject({
      loading: false,
      currentPage: 1,
      latestUuid: 'a',
      previousPage: false,
      nextPage: true,
      pendingLoad: null,
    });
    expect(listed.transactions.map((row) => row.uuid)).toEqual(['a', 'b']);
  });

  it('clears the list and shows the loader for a foreground load, and keeps the latest record for later pages', () => {
    const paging = reduceTransactionsPage(listed, { type: 'load', page: 2 });
    expect(paging).toMatchObject({
      loading: true,
      transactions: [],
      currentPage: 2,
      previousPage: false,
      nextPage: false,
      pendingLoad: { id: 2, mode: 'foreground' },
    });
    const second = reduceTransactionsPage(paging, {
      type: 'loaded',
      id: 2,
      page: 2,
      response: response(['c'], true, false),
    });
    expect(second).toMatchObject({ currentPage: 2, latestUuid: 'a', previousPage: true, nextPage: false });
  });

  it('records no latest record when the first page is empty', () => {
    const empty = run([
      { type: 'load', page: 1 },
      { type: 'loaded', id: 1, page: 1, response: response([]) },
    ]);
    expect(empty.latestUuid).toBeNull();
  });

  it('runs the initial refresh only while the list is empty', () => {
    expect(
      reduceTransactionsPage(initialTransactionsPageState, { type: 'initial-refresh', page: 3 }),
    ).toMatchObject({ loading: true, currentPage: 3, pendingLoad: { id: 1, mode: 'foreground' } });
    expect(reduceTransactionsPage(listed, { type: 'initial-refresh', page: 1 })).toBe(listed);
  });

  it('refreshes on a tick only with auto-refresh on, in the background, never over a load under way', () => {
    expect(reduceTransactionsPage(listed, { type: 'tick' })).toBe(listed);
    const on = reduceTransactionsPage(listed, { type: 'set-auto-refresh', on: true });
    const refreshing = reduceTransactionsPage(on, { type: 'tick' });
    expect(refreshing).toMatchObject({
      loading: false,
      transactions: listed.transactions,
      nextPage: true,
      pendingLoad: { id: 2, mode: 'background' },
    });
    expect(reduceTransactionsPage(refreshing, { type: 'tick' })).toBe(refreshing);
    const off = reduceTransactionsPage(on, { type: 'set-auto-refresh', on: false });
    expect(reduceTransactionsPage(off, { type: 'tick' })).toBe(off);
  });

  it('takes only the answer of the latest load', () => {
    const replaced = run([{ type: 'load', page: 2 }], listed);
    expect(replaced.pendingLoad?.id).toBe(2);
    const stale = { type: 'loaded', id: 1, page: 1, response: response(['old']) } as const;
    expect(reduceTransactionsPage(replaced, stale)).toBe(replaced);
    expect(reduceTransactionsPage(replaced, { type: 'failed', id: 1, error: new Error('late') })).toBe(
      replaced,
    );
  });

  it('keeps a failure without a message, and the list a background refresh had', () => {
    const failed = run(
      [
        { type: 'set-auto-refresh', on: true },
        { type: 'tick' },
        { type: 'failed', id: 2, error: new Error('down') },
      ],
      listed,
    );
    expect(failed).toMatchObject({ loading: false, error: new Error('down'), pendingLoad: null });
    expect(failed.transactions).toBe(listed.transactions);
    const recovered = run(
      [{ type: 'tick' }, { type: 'loaded', id: 3, page: 1, response: response(['a']) }],
      failed,
    );
    expect(recovered.error).toBeNull();
  });

  it('toggles the selection of a row', () => {
    const selected = reduceTransactionsPage(listed, { type: 'select', uuid: 'a' });
    expect(selected.selectedUuid).toBe('a');
    expect(reduceTransactionsPage(selected, { type: 'select', uuid: 'b' }).selectedUuid).toBe('b');
    expect(reduceTransactionsPage(selected, { type: 'select', uuid: 'a' }).selectedUuid).toBeNull();
  });
});
