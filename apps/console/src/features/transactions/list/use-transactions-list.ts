import { startTransition, useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import { useLive } from '../../../shared/live/live-state';
import { usePageVisible } from '../../../shared/live/page-visibility';
import { getTransactions } from '../api/get-transactions';
import { AUTO_REFRESH_INTERVAL_MS, INITIAL_REFRESH_DELAY_MS } from './constants';
import { toTransactionsQuery, type ListRequest } from './transaction-filters';
import { initialTransactionsPageState, reduceTransactionsPage } from './transactions-page-state';

/**
 * The list for the request in the URL: a foreground load whenever the request changes, a first
 * load shortly after opening, background refreshes on the timer while auto-refresh is on.
 * `requestKey` names the request: a new key is a new request. A request `waiting` for a filter
 * (one that cannot be searched for as typed) asks the platform nothing: its loads stay pending.
 */
export function useTransactionsList(request: ListRequest, requestKey: string, waiting: boolean) {
  const [state, dispatch] = useReducer(reduceTransactionsPage, initialTransactionsPageState);
  const [updatedAt, setUpdatedAt] = useState(0);
  const { paused } = useLive();
  const visible = usePageVisible();

  const fetchPage = useEffectEvent((id: number, signal: AbortSignal) => {
    if (waiting) return;
    const { page } = request;
    getTransactions(toTransactionsQuery(request, state.latestUuid, state.pageSize), signal).then(
      (response) => {
        // A page of rows is the screen's largest render: as a transition it yields to the browser
        // every few milliseconds (and to typing) instead of holding the main thread.
        startTransition(() => {
          setUpdatedAt(Date.now());
          dispatch({ type: 'loaded', id, page, response });
        });
      },
      (error: unknown) => {
        // A load replaced by a newer one is no failure.
        if (!signal.aborted) dispatch({ type: 'failed', id, error });
      },
    );
  });
  const loadId = state.pendingLoad?.id;
  useEffect(() => {
    if (loadId === undefined) return;
    const controller = new AbortController();
    fetchPage(loadId, controller.signal);
    return () => controller.abort();
  }, [loadId]);

  // The request the page opened with is the initial refresh's; later ones load at once.
  const loadedKey = useRef(requestKey);
  useEffect(() => {
    if (loadedKey.current === requestKey) return;
    loadedKey.current = requestKey;
    dispatch({ type: 'load', page: request.page });
  }, [requestKey, request.page]);

  const refreshInitially = useEffectEvent(() =>
    startTransition(() => dispatch({ type: 'initial-refresh', page: request.page })),
  );
  useEffect(() => {
    const timer = window.setTimeout(() => refreshInitially(), INITIAL_REFRESH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // Paused or in a hidden tab the timer stops; resumed or shown again, the list refreshes at once.
  const running = visible && !paused;
  const wasRunning = useRef(running);
  useEffect(() => {
    const resumed = running && !wasRunning.current;
    wasRunning.current = running;
    if (!running) return;
    if (resumed) dispatch({ type: 'tick' });
    const timer = window.setInterval(
      () => startTransition(() => dispatch({ type: 'tick' })),
      AUTO_REFRESH_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [running]);

  return {
    state,
    updatedAt,
    refresh: () => dispatch({ type: 'load', page: request.page }),
    select: (uuid: string) => dispatch({ type: 'select', uuid }),
    setAutoRefresh: (on: boolean) => dispatch({ type: 'set-auto-refresh', on }),
  };
}
