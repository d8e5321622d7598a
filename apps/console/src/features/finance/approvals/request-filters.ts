/** Query parameters that page or sort a request rather than choose its transactions. */
const NOT_FILTERS = new Set(['offset', 'limit', 'sortBy']);

export interface RequestFilter {
  name: string;
  value: string;
}

/**
 * The filters a by-filter request was made with, read back from its URL: every query parameter
 * but paging and sorting, empty values dropped, in the order the request gave them.
 */
export function requestFiltersOf(requestUrl: string | null): RequestFilter[] {
  if (requestUrl === null || requestUrl === '') return [];
  const query = requestUrl.includes('?') ? requestUrl.slice(requestUrl.indexOf('?') + 1) : '';
  return [...new URLSearchParams(query)]
    .filter(([name, value]) => !NOT_FILTERS.has(name) && value.trim() !== '')
    .map(([name, value]) => ({ name, value }));
}

/** One filter as the warning box shows it: 'matchStatus: UNMATCHED'. */
export function formatRequestFilter(filter: RequestFilter): string {
  return `${filter.name}: ${filter.value}`;
}
