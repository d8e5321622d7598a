import type { SortingState } from '@tanstack/react-table';
import {
  decodeReconQuery,
  EMPTY_RECON_QUERY,
  encodeReconQuery,
  FILTER_PARAM_PREFIX,
  SORT_PARAM,
  type FilterItem,
  type ReconQuery,
  type SortEntry,
} from '@web-control/contract/finance-results';
import type { UrlCodec } from '../../../shared/url/use-list-url-state';
import { statusFilterOf, type StatusOption } from './status-options';

/** What the grid shows is the results query itself; its link is the contract's one encoding. */
export type ResultsView = ReconQuery;

export interface ReadView {
  view: ResultsView;
  /** Why a link's query could not be read (the default view is shown instead). */
  error: string | null;
}

export function readView(search: string): ReadView {
  const decoded = decodeReconQuery(new URLSearchParams(search));
  return decoded.success
    ? { view: decoded.data, error: null }
    : { view: EMPTY_RECON_QUERY, error: decoded.error };
}

const VIEW_PARAMS = ['matchStatus', 'settlementStatus', SORT_PARAM, 'offset', 'limit'];

/** The view for the shared URL hook: the contract's encoding, beside any name it does not own. */
export const RESULTS_VIEW_CODEC: UrlCodec<ResultsView> = {
  read: (search) => readView(search.toString()).view,
  write: (view, _defaults, search) => {
    for (const name of [...search.keys()]) {
      if (name.startsWith(FILTER_PARAM_PREFIX) || VIEW_PARAMS.includes(name)) search.delete(name);
    }
    encodeReconQuery(view).forEach((value, name) => search.append(name, value));
    // A value at its default is left out of the link, as every list's (the API is still sent it).
    if (view.limit === EMPTY_RECON_QUERY.limit) search.delete('limit');
    return search;
  },
};

export function sortingOf(sortBy: readonly SortEntry[]): SortingState {
  return sortBy.map((entry) => ({ id: entry.fieldName, desc: entry.direction === 'desc' }));
}

export function sortByOf(sorting: SortingState): SortEntry[] {
  return sorting.map((sort) => ({ fieldName: sort.id, direction: sort.desc ? 'desc' : 'asc' }));
}

/** A new status, filter or sort shows a new list, from its first page. */
export function withStatus(view: ResultsView, status: StatusOption): ResultsView {
  return {
    filters: view.filters,
    sortBy: view.sortBy,
    limit: view.limit,
    ...statusFilterOf(status),
    offset: 0,
  };
}

export function withFilters(view: ResultsView, filters: FilterItem[]): ResultsView {
  return { ...view, filters, offset: 0 };
}

export function withSorting(view: ResultsView, sorting: SortingState): ResultsView {
  return { ...view, sortBy: sortByOf(sorting), offset: 0 };
}

/** Pages count from 1; offset = page times size minus size. */
export function pageOf(view: ResultsView): number {
  return Math.floor(view.offset / view.limit) + 1;
}

export function withPage(view: ResultsView, page: number): ResultsView {
  return { ...view, offset: page * view.limit - view.limit };
}

/**
 * The user choosing a page size goes back to page 1 (specification 2, section 4); a size read
 * from a link keeps the link's offset, since the user has not touched it.
 */
export function withPageSize(view: ResultsView, limit: number): ResultsView {
  return limit === view.limit ? view : { ...view, limit, offset: 0 };
}
