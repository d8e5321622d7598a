import { useState } from 'react';
import type { PageState } from './paging';

interface PageStateOptions {
  /** The list's default page size. */
  size: number;
  /**
   * What the list shows (its filters): when it changes (`Object.is`), the list starts again from
   * page 1. Left out, the page is kept across filter changes (the audit log, specification 2 §4).
   */
  resetOn?: unknown;
}

/**
 * A list's page and page size, in the screen's state. The one place a list's paging is kept, so
 * it can move into the URL here for every list at once.
 */
export function usePageState({ size: defaultSize, resetOn }: PageStateOptions): PageState {
  const [state, setState] = useState({ page: 1, size: defaultSize, resetOn });
  let current = state;
  if (!Object.is(state.resetOn, resetOn)) {
    // Adjusted while rendering, so no request ever asks for the old page with the new filters.
    current = { ...state, page: 1, resetOn };
    setState(current);
  }
  return {
    page: current.page,
    size: current.size,
    setPage: (page) => setState((previous) => ({ ...previous, page })),
    setSize: (size) => setState((previous) => ({ ...previous, size, page: 1 })),
  };
}
