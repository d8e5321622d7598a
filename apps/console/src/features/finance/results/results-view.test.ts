import { EMPTY_RECON_QUERY } from '@web-control/contract/finance-results';
import { describe, expect, it } from 'vitest';
import {
  pageOf,
  readView,
  RESULTS_VIEW_CODEC,
  sortByOf,
  sortingOf,
  withFilters,
  withPage,
  withPageSize,
  withSorting,
  withStatus,
} from './results-view';

const onPage3 = { ...EMPTY_RECON_QUERY, offset: 50 };

describe('results view', () => {
  it('counts pages from 1 with offset = page times size minus size', () => {
    expect(pageOf(onPage3)).toBe(3);
    expect(withPage(EMPTY_RECON_QUERY, 4).offset).toBe(75);
  });

  it('goes back to page 1 when the user changes the page size, and not when it stays', () => {
    expect(withPageSize(onPage3, 50)).toEqual({ ...onPage3, limit: 50, offset: 0 });
    expect(withPageSize(onPage3, 25)).toBe(onPage3);
  });

  it('shows a new status, filter or sort from its first page', () => {
    expect(withStatus(onPage3, 'UNMATCHED')).toEqual({
      ...onPage3,
      matchStatus: 'UNMATCHED',
      settlementStatus: 'ISSUE',
      offset: 0,
    });
    expect(withStatus({ ...onPage3, matchStatus: 'MATCHED' }, 'ALL')).toEqual(EMPTY_RECON_QUERY);
    const filters = [{ fieldName: 'reference', type: 'EXACTLY' as const, value: 'A' }];
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

  it('round-trips a filtered, sorted page through the link', () => {
    const view = {
      matchStatus: 'UNMATCHED' as const,
      settlementStatus: 'ISSUE' as const,
      filters: [{ fieldName: 'amount', type: 'BETWEEN' as const, value: '10', value2: '20' }],
      sortBy: [{ fieldName: 'amount', direction: 'desc' as const }],
      offset: 50,
      limit: 50,
    };
    const search = RESULTS_VIEW_CODEC.write(view, EMPTY_RECON_QUERY, new URLSearchParams());
    expect(readView(search.toString())).toEqual({ view, error: null });
    expect(RESULTS_VIEW_CODEC.read(search, EMPTY_RECON_QUERY)).toEqual(view);
  });

  it('writes a new view over the old one, keeping the names the view does not own', () => {
    const old = new URLSearchParams('f.amount.EQUALS=5&matchStatus=MATCHED&offset=25&tab=recon');
    const written = RESULTS_VIEW_CODEC.write({ ...EMPTY_RECON_QUERY, sortBy: [] }, EMPTY_RECON_QUERY, old);
    expect(written.toString(), 'the default page size left out').toBe('tab=recon');
    const fifty = RESULTS_VIEW_CODEC.write({ ...EMPTY_RECON_QUERY, limit: 50 }, EMPTY_RECON_QUERY, old);
    expect(fifty.toString()).toBe('tab=recon&limit=50');
  });

  it('reads a non-numeric limit as 25 and a malformed link as the default view with its reason', () => {
    expect(readView('limit=abc').view.limit).toBe(25);
    const bad = readView('sortBy=amount.sideways');
    expect(bad.view).toEqual(EMPTY_RECON_QUERY);
    expect(bad.error).toContain('sortBy');
  });
});
