import { useDebouncedCallback, useWindowEvent } from '@mantine/hooks';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PageState } from '../ui/paging';
import { readUrlParams, writeUrlParams, type UrlParam, type UrlParams } from './url-params';
import { usePageState, type PageStateOptions } from '../ui/use-page-state';

const PAGE_PARAMS = ['page'];

/** How a whole view is read from the URL and written into it, where its values are not one param each. */
export interface UrlCodec<F> {
  /** The URL's view; what does not read takes its default. */
  read: (search: URLSearchParams, defaults: F) => F;
  /** Writes the view into `search` (the current URL's), leaving the names it does not own. */
  write: (view: F, defaults: F, search: URLSearchParams) => URLSearchParams;
  /** Whether the URL holds a value of the view that does not read (a link's day 2026-02-31). */
  holdsUnread?: (search: URLSearchParams) => boolean;
}

/** The codec of a view whose values are one URL param each. */
export function paramsCodec<F extends object>(params: UrlParams<F>): UrlCodec<F> {
  return {
    read: (search, defaults) => readUrlParams(params, defaults, search),
    write: (view, defaults, search) => writeUrlParams(params, defaults, view, search),
    holdsUnread: (search) =>
      Object.entries(params as Record<string, UrlParam<unknown>>).some(
        ([name, param]) => search.has(name) && param.read(search.getAll(name)) === undefined,
      ),
  };
}

/** Each value one param (most lists), or a codec of the whole view (transactions, results). */
type UrlView<F> = { params: UrlParams<F>; codec?: never } | { codec: UrlCodec<F>; params?: never };

export type UrlFiltersOptions<F extends object> = UrlView<F> & {
  /** The filters of a bare link, made as the screen opens and on each new day (a range from today, say). */
  defaults: () => F;
  /** A change reaches the URL (and the request) this long after the last one; 0: at once. */
  debounceMs?: number;
  /** New filters keep the page (the audit log, specification 2 §4); otherwise page 1. */
  keepPage?: boolean;
  /** The parameters that say where in the list the view is, dropped by new filters: `page`, or a keyset cursor. */
  pageParams?: readonly string[];
};

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

/** A change not yet in the URL: the URL it was made on, and the URL this hook had written then, not yet rendered. */
interface Draft<F> {
  key: string;
  after: string | null;
  filters: F;
}

/**
 * The filters of a bare link, made as the screen opens and again when a bare link is drawn on
 * another day (a Refresh or a live update after midnight): "today" on a screen left open overnight,
 * as its link says, rather than the day it was opened.
 */
function useDefaultsOfToday<F>(make: () => F, bare: boolean): F {
  const today = new Date().toDateString();
  const [made, setMade] = useState(() => ({ day: today, defaults: make() }));
  // A link that holds some of the view keeps the defaults it was read with: a value it leaves out
  // as the default then (a From of that day beside a To chosen) stays what it was.
  if (made.day === today || !bare) return made.defaults;
  const remade = { day: today, defaults: make() };
  setMade(remade);
  return remade.defaults;
}

/**
 * A view's filters in the URL, so a link, a reload, Back and Forward show it again. A value that
 * does not read falls back to its default without an error.
 */
export function useUrlFilters<F extends object>(options: UrlFiltersOptions<F>): UrlFilters<F> {
  const { debounceMs = 0, keepPage = false, pageParams = PAGE_PARAMS } = options;
  const codec = options.codec ?? paramsCodec(options.params);
  const [search, setSearch] = useSearchParams();
  const defaults = useDefaultsOfToday(options.defaults, search.toString() === '');
  const key = search.toString();
  const settled = codec.read(search, defaults);

  // A change not yet in the URL, with the URL it was made on: any new URL (Back, its own) ends it,
  // except the URL this hook had written when it was made. The router renders a written URL in a
  // transition, so a change typed before that render is made on the old URL and still wanted.
  const [draft, setDraft] = useState<Draft<F> | null>(null);
  if (draft !== null && draft.key !== key)
    setDraft(draft.after === key ? { key, after: null, filters: draft.filters } : null);
  const filters = draft?.key === key ? draft.filters : settled;
  const written = useRef<string | null>(null);

  // Called from the latest render (the debounce ends on any new URL), so `search` is current.
  const write = (view: F) => {
    const next = codec.write(view, defaults, new URLSearchParams(search));
    if (!keepPage) for (const name of pageParams) next.delete(name);
    return next;
  };
  const commit = (next: F) => {
    const url = write(next);
    // A change that writes what the view on screen writes (a card number, which the URL never
    // holds) is no change: no history entry, and the page stays. Unless the URL holds a value that
    // does not read: Clear drops it.
    if (url.toString() === write(settled).toString() && codec.holdsUnread?.(search) !== true) return;
    written.current = url.toString();
    // What the URL cannot hold (a card number typed over a reference) stays in the inputs.
    if (JSON.stringify(codec.read(url, defaults)) !== JSON.stringify(next))
      setDraft({ key, after: url.toString(), filters: next });
    setSearch(url);
  };
  const commitLater = useDebouncedCallback(commit, debounceMs);
  const draftKey = draft?.key;
  useEffect(() => {
    // Its own URL on screen, the hook has no write in flight: a later draft carries over to no URL
    // (Forward to it must drop the draft, as any navigation does).
    if (written.current === key) written.current = null;
    // A new URL ends the pending change, unless the draft carried over to it.
    if (draftKey !== key) commitLater.cancel();
  }, [key, draftKey, commitLater]);
  // Back or Forward away from a URL this hook wrote but the router has not drawn ends the change and
  // the write: the router then draws the address gone back to without that one in between, and the
  // draft made on it would otherwise stand. Any other Back is the new URL's to end (below), so a Back
  // a leave guard blocks and undoes keeps what was typed.
  useWindowEvent('popstate', () => {
    if (written.current === null || window.location.search.replace(/^\?/, '') === written.current) return;
    written.current = null;
    commitLater.cancel();
    startTransition(() => setDraft(null));
  });

  const change = (patch: Partial<F>, { now = false } = {}) => {
    const next = { ...filters, ...patch };
    // A debounced screen's inputs show `filters` and its list asks with `settled`: a change written
    // now shows at once too, since the router renders the new URL in a transition and a change made
    // before that render must build on this one. (Without a debounce the two are one.)
    if (debounceMs > 0)
      setDraft({ key, after: written.current === key ? null : written.current, filters: next });
    if (debounceMs === 0 || now) {
      commitLater.cancel();
      commit(next);
      return;
    }
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
