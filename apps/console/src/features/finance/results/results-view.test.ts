import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RESULTS_VIEW,
  limitOf,
  pageOf,
  sortByOf,
  sortingOf,
  withFilters,
  withPage,
  withPageSize,
  withSorting,
  withStatus,
} from './results-view';

const onPage3 = { ...DEFAULT_RESULTS_VIEW, offset: 50 };

describe('results view', () => {
  it('counts pages from 1 with offset = page times size minus size', () => {
    expect(pageOf(onPage3)).toBe(3);
    expect(withPage(DEFAULT_RESULTS_VIEW, 4).offset).toBe(75);
  });

  it('goes back to page 1 when the user changes the page size, and not when it stays', () => {
    expect(withPageSize(onPage3, 50)).toEqual({ ...onPage3, limit: 50, offset: 0 });
    expect(withPageSize(onPage3, 25)).toBe(onPage3);
  });

  it('shows a new status, filter or sort from its first page', () => {
    expect(withStatus(onPage3, 'ISSUE')).toEqual({ ...onPage3, status: 'ISSUE', offset: 0 });
    const filters = [{ field: 'reference', type: 'EXACTLY' as const, value: 'A' }];
    expect(withFilters(onPage3, filters)).toEqual({ ...onPage3, filters, offset: 0 });
    expect(withSorting(onPage3, [{ id: 'score', desc: true }])).toEqual({
      ...onPage3,
      sortBy: [{ fieldName: 'score', direction: 'desc' }],
      offset: 0,
    });
  });

  it('turns sort entries into the table’s sorting and back, keeping the priority order', () => {
    const sortBy = [
      { fieldName: 'amount', direction: 'asc' as const },
      { fieldName: 'id', direction: 'desc' as const },
    ];
    expect(sortingOf(sortBy)).toEqual([
      { id: 'amount', desc: false },
      { id: 'id', desc: true },
    ]);
    expect(sortByOf(sortingOf(sortBy))).toEqual(sortBy);
  });

  it('uses a link’s limit only when it is a numeric page size, else 25', () => {
    expect(limitOf('50')).toBe(50);
    expect(limitOf(100)).toBe(100);
    expect(limitOf('abc')).toBe(25);
    expect(limitOf(undefined)).toBe(25);
    expect(limitOf('7')).toBe(25);
  });
});
