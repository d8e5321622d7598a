/**
 * Which page of a list is shown and how long its pages are. Pages count from 1. Held by
 * `usePageState`, or by a screen that keeps its paging in the URL with its filters.
 */
export interface PageState {
  page: number;
  size: number;
  setPage: (page: number) => void;
  /** The user choosing a page size starts again from page 1 (specification 2, section 4). */
  setSize: (size: number) => void;
}

/** What a paged request sends. */
export interface PageQuery {
  offset: number;
  limit: number;
}

/** offset = page times size minus size (specifications 2 and 3, section 9). */
export function pageQueryOf({ page, size }: Pick<PageState, 'page' | 'size'>): PageQuery {
  return { offset: page * size - size, limit: size };
}

/** An empty list still has its one page. */
export function pageCountOf(totalRecords: number, size: number): number {
  return Math.max(1, Math.ceil(totalRecords / size));
}

/** The total of an answer carrying `paginationInfo` (the finance lists). */
export function totalRecordsOf(data: { paginationInfo: { totalRecords: number } }): number {
  return data.paginationInfo.totalRecords;
}
