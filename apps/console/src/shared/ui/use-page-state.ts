import { useSearchParams } from 'react-router';
import type { PageState } from './paging';
import {
  readUrlParams,
  sizeParam,
  wholeNumberParam,
  writeUrlParams,
  type UrlParams,
} from '../url/url-params';

interface Paging {
  page: number;
  size: number;
}

export interface PageStateOptions {
  /** The list's default page size. */
  size: number;
  /** The sizes the user may choose; without them the size is fixed and not in the URL. */
  sizes?: readonly number[];
}

function pagingParams(sizes: readonly number[]): UrlParams<Paging> {
  return { page: wholeNumberParam(1), size: sizeParam(sizes) };
}

/** A list's page (`page`) and page size (`size`) in the URL: each a step Back returns to. */
export function usePageState({ size, sizes = [size] }: PageStateOptions): PageState {
  const [search, setSearch] = useSearchParams();
  const params = pagingParams(sizes);
  const defaults = { page: 1, size };
  const current = readUrlParams(params, defaults, search);
  const write = (next: Paging) =>
    setSearch((previous) => writeUrlParams(params, defaults, next, new URLSearchParams(previous)));
  return {
    page: current.page,
    size: current.size,
    setPage: (page) => write({ ...current, page }),
    setSize: (chosen) => write({ page: 1, size: chosen }),
  };
}
