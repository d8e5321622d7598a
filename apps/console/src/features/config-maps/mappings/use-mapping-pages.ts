import { useQueryClient } from '@tanstack/react-query';
import { MAPPING_KEY_MAX_LENGTH } from '@web-control/contract/config-maps';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { mappingsEndpoint, mappingsQuery, useMappings } from '../api/get-mappings';
import { pageQueryOf, type PageQuery } from './page-url';

/** Where the view is in the keyset pages, in the console's URL: after or before a key; neither is the first page. */
export const MAPPING_PAGE_PARAMS = ['after', 'before'] as const;

/** A key the platform would take as a cursor; any other (empty, too long) is no cursor. */
function cursorOf(value: string | null): string | null {
  return value !== null && value !== '' && value.length <= MAPPING_KEY_MAX_LENGTH ? value : null;
}

function cursorOfPage(page: PageQuery, name: 'after-key' | 'before-key'): string | null {
  const value = page[name];
  return typeof value === 'string' ? cursorOf(value) : null;
}

/**
 * A selection's pages of mappings: its first page, then the page URLs the platform returns
 * (nextPage, previousPage, firstPage). The page shown is in the URL (`after` or `before` a key), so
 * a reload, a link and Back show it again; new filters drop it (the first page of the new selection).
 */
export function useMappingPages(mapId: string, selection: PageQuery) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const after = cursorOf(search.get('after'));
  const before = after === null ? cursorOf(search.get('before')) : null;
  const page: PageQuery =
    after !== null
      ? { ...selection, 'after-key': after }
      : before !== null
        ? { ...selection, 'before-key': before }
        : selection;
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

  const go = (target: PageQuery | null) =>
    target
      ? () =>
          setSearch((current) => {
            const written = new URLSearchParams(current);
            for (const name of MAPPING_PAGE_PARAMS) written.delete(name);
            const afterKey = cursorOfPage(target, 'after-key');
            const beforeKey = cursorOfPage(target, 'before-key');
            if (afterKey !== null) written.set('after', afterKey);
            else if (beforeKey !== null) written.set('before', beforeKey);
            return written;
          })
      : null;
  return { query, first: go(first), previous: go(previous), next: go(next) };
}

export type MappingPages = ReturnType<typeof useMappingPages>;
