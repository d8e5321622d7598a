import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { mappingsEndpoint, mappingsQuery, useMappings } from '../api/get-mappings';
import { pageQueryOf, type PageQuery } from './page-url';

/**
 * A selection's pages of mappings: its first page, then the page URLs the platform returns
 * (nextPage, previousPage, firstPage). A new selection starts again at its first page.
 */
export function useMappingPages(mapId: string, selection: PageQuery) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ selection: PageQuery; page: PageQuery | null }>({
    selection,
    page: null,
  });
  const page = (state.selection === selection ? state.page : null) ?? selection;
  const query = useMappings(mapId, page);
  const endpoint = mappingsEndpoint(mapId);
  const paging = query.data?.paging;
  const next = pageQueryOf(paging?.nextPage, endpoint);
  const previous = pageQueryOf(paging?.previousPage, endpoint);
  const first = previous === null ? null : pageQueryOf(paging?.firstPage, endpoint);

  // The next page loads before it is asked for, so paging a large map does not wait.
  const nextUrl = paging?.nextPage;
  useEffect(() => {
    const ahead = pageQueryOf(nextUrl, endpoint);
    if (ahead) queryClient.query(mappingsQuery(mapId, ahead)).catch(() => undefined);
  }, [queryClient, mapId, endpoint, nextUrl]);

  const go = (target: PageQuery | null) => (target ? () => setState({ selection, page: target }) : null);
  return { query, first: go(first), previous: go(previous), next: go(next) };
}

export type MappingPages = ReturnType<typeof useMappingPages>;
