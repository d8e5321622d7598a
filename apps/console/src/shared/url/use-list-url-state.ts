import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PageState } from '../ui/paging';
import { readUrlParams, writeUrlParams, type UrlParams } from './url-params';
import { usePageState, type PageStateOptions } from '../ui/use-page-state';

const PAGE_PARAMS = ['page'];

export interface UrlFiltersOptions<F extends object> {
  params: UrlParams<F>;
  /** The filters of a bare link, made once as the screen opens (a range from today, say). */
  defaults: () => F;
  /** A change reaches the URL (and the request) this long after the last one; 0: at once. */
  debounceMs?: number;
  /** New filters keep the page (the audit log, specification 2 §4); otherwise page 1. */
  keepPage?: boolean;
  /** The parameters that say where in the list the view is, dropped by new filters: `page`, or a keyset cursor. */
  pageParams?: readonly string[];
}

export interface UrlFilters<F> {
  /** What the filter inputs show: the change being typed, or the URL's. */
  filters: F;
  /** The URL's filters: what the list asks for. */
  settled: F;
  /** A change, into the URL after the debounce, or at once (a choice rather than typing). */
  change: (patch: Partial<F>, options?: { now?: boolean }) => void;
}

export type ListUrlStateOptions<F extends object> = UrlFiltersOptions<F> & PageStateOptions;

export interface ListUrlState<F> extends UrlFilters<F> {
  paging: PageState;
}

/**
 * A view's filters in the URL, so a link, a reload, Back and Forward show it again. A value that
 * does not read falls back to its default without an error.
 */
export function useUrlFilters<F extends object>(options: UrlFiltersOptions<F>): UrlFilters<F> {
  const { params, debounceMs = 0, keepPage = false, pageParams = PAGE_PARAMS } = options;
  const [search, setSearch] = useSearchParams();
  const [defaults] = useState(options.defaults);
  const key = search.toString();
  const settled = readUrlParams(params, defaults, search);

  // A change not yet in the URL, with the URL it was made on: any new URL (its own, Back) ends it.
  const [draft, setDraft] = useState<{ key: string; filters: F } | null>(null);
  if (draft !== null && draft.key !== key) setDraft(null);
  const filters = draft?.key === key ? draft.filters : settled;

  const commit = (next: F) =>
    setSearch((previous) => {
      const written = writeUrlParams(params, defaults, next, new URLSearchParams(previous));
      if (!keepPage) for (const name of pageParams) written.delete(name);
      return written;
    });
  const commitLater = useDebouncedCallback(commit, debounceMs);
  useEffect(() => () => commitLater.cancel(), [key, commitLater]);

  const change = (patch: Partial<F>, { now = false } = {}) => {
    const next = { ...filters, ...patch };
    if (debounceMs === 0 || now) {
      commitLater.cancel();
      commit(next);
      return;
    }
    setDraft({ key, filters: next });
    commitLater(next);
  };
  return { filters, settled, change };
}

/**
 * A list's whole view in the URL: its filters (above), page and page size (sort, where a list has
 * one, through `useUrlSorting`).
 */
export function useListUrlState<F extends object>(options: ListUrlStateOptions<F>): ListUrlState<F> {
  const paging = usePageState(options);
  return { ...useUrlFilters(options), paging };
}
