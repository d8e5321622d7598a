/**
 * The mappings list pages through the nextPage, previousPage and firstPage URLs the platform
 * returns (specification 3, section 7). The console follows one only when it points at the same
 * mappings endpoint it asked (same origin and path), and sends it through the one http client as
 * that endpoint's query, so the bearer token never goes anywhere else.
 */
export type PageQuery = Readonly<Record<string, string | readonly string[]>>;

/** Where a relative URL resolves: the page's own address (the console and the APIs share one origin). */
function absolute(url: string, base: string): URL {
  return new URL(url, new URL(base, window.location.href));
}

/**
 * The query of a returned page URL, or null when the URL is missing, malformed or points at
 * another endpoint. `endpoint` is the address the first page was asked at (base plus path).
 */
export function pageQueryOf(pageUrl: string | null | undefined, endpoint: string): PageQuery | null {
  if (!pageUrl) return null;
  let page: URL;
  let expected: URL;
  try {
    page = absolute(pageUrl, endpoint);
    expected = absolute(endpoint, endpoint);
  } catch {
    return null;
  }
  const samePath = page.pathname.replace(/\/$/, '') === expected.pathname.replace(/\/$/, '');
  if (page.origin !== expected.origin || !samePath) return null;
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(page.searchParams.keys())) {
    const values = page.searchParams.getAll(name);
    query[name] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return query;
}
