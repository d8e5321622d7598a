import type { SortingState } from '@tanstack/react-table';
import type { FieldFilter } from './filter-rows';
import type { StatusOption } from './status-options';

/** Specification 2, section 9. */
export const RESULTS_PAGE_SIZE = 25;
export const RESULTS_PAGE_SIZES = [10, 25, 50, 75, 100] as const;

export interface SortEntry {
  fieldName: string;
  direction: 'asc' | 'desc';
}

/** What the grid shows, as its link carries it. */
export interface ResultsView {
  status: StatusOption;
  filters: FieldFilter[];
  sortBy: SortEntry[];
  offset: number;
  limit: number;
}

export const DEFAULT_RESULTS_VIEW: ResultsView = {
  status: 'ALL',
  filters: [],
  sortBy: [],
  offset: 0,
  limit: RESULTS_PAGE_SIZE,
};

export function sortingOf(sortBy: readonly SortEntry[]): SortingState {
  return sortBy.map((entry) => ({ id: entry.fieldName, desc: entry.direction === 'desc' }));
}

export function sortByOf(sorting: SortingState): SortEntry[] {
  return sorting.map((sort) => ({ fieldName: sort.id, direction: sort.desc ? 'desc' : 'asc' }));
}

/** A new status, filter or sort shows a new list, from its first page. */
export function withStatus(view: ResultsView, status: StatusOption): ResultsView {
  return { ...view, status, offset: 0 };
}

export function withFilters(view: ResultsView, filters: FieldFilter[]): ResultsView {
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
 * from a link keeps the link's offset, since it is never "changed" by the user.
 */
export function withPageSize(view: ResultsView, limit: number): ResultsView {
  return limit === view.limit ? view : { ...view, limit, offset: 0 };
}

/** The limit a link carries counts only if it is one of the sizes offered; otherwise 25. */
export function limitOf(value: unknown): number {
  const limit = typeof value === 'number' ? value : Number(value);
  return (RESULTS_PAGE_SIZES as readonly number[]).includes(limit) ? limit : RESULTS_PAGE_SIZE;
}
