import type { SortingState } from '@tanstack/react-table';
import { useSearchParams } from 'react-router';
import { cycleSort } from '../ui/table-rules';
import type { SortingControl } from '../ui/use-table-controls';

const SORT_PARAM = 'sort';

/** `name,-weight`: columns in order, a minus for descending; unknown columns are dropped. */
export function readSorting(value: string | null, columns: readonly string[]): SortingState {
  if (value === null) return [];
  const sorting: SortingState = [];
  for (const part of value.split(',')) {
    const desc = part.startsWith('-');
    const id = desc ? part.slice(1) : part;
    if (columns.includes(id) && !sorting.some((entry) => entry.id === id)) sorting.push({ id, desc });
  }
  return sorting;
}

export function writeSorting(sorting: SortingState): string {
  return sorting.map((entry) => `${entry.desc ? '-' : ''}${entry.id}`).join(',');
}

/** A table's sort in the URL (`sort`), for the columns that may sort. */
export function useUrlSorting(columns: readonly string[]): SortingControl {
  const [search, setSearch] = useSearchParams();
  const sorting = readSorting(search.get(SORT_PARAM), columns);
  return {
    sorting,
    toggle: (columnId, multi) =>
      setSearch((previous) => {
        const next = new URLSearchParams(previous);
        const written = writeSorting(cycleSort(sorting, columnId, multi));
        if (written === '') next.delete(SORT_PARAM);
        else next.set(SORT_PARAM, written);
        return next;
      }),
  };
}
