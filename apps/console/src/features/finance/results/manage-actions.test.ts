import type { ReconTransaction } from '@web-control/contract/finance';
import { EMPTY_RECON_QUERY } from '@web-control/contract/finance-results';
import { describe, expect, it } from 'vitest';
import { actionsForFilter, actionsForRows, selectionOf } from './manage-actions';

function transaction(overrides: Partial<ReconTransaction>): ReconTransaction {
  return {
    id: '1',
    createdDateTime: '2026-02-03T10:00:00.000Z',
    matchStatus: 'UNMATCHED',
    settlementStatus: 'ISSUE',
    score: 0,
    records: [],
    ...overrides,
  };
}

describe('manage selected', () => {
  it('offers what every selected row allows', () => {
    const unmatched = transaction({});
    const partial = transaction({ matchStatus: 'MATCHED', score: 80 });
    const matched = transaction({ matchStatus: 'MATCHED', settlementStatus: 'PENDING', score: 100 });
    const rejected = transaction({ matchStatus: 'REJECTED' });
    expect(actionsForRows([unmatched])).toEqual(['accept', 'reject']);
    expect(actionsForRows([partial])).toEqual(['reject', 'resolve']);
    expect(actionsForRows([matched])).toEqual(['reject']);
    expect(actionsForRows([unmatched, partial])).toEqual(['reject']);
    expect(actionsForRows([unmatched, rejected])).toEqual([]);
    expect(actionsForRows([])).toEqual([]);
  });

  it('offers by filter what the status radio’s set allows', () => {
    const query = (matchStatus?: 'MATCHED' | 'UNMATCHED', settlementStatus?: 'PENDING' | 'ISSUE') => ({
      ...EMPTY_RECON_QUERY,
      matchStatus,
      settlementStatus,
    });
    expect(actionsForFilter(query('UNMATCHED', 'ISSUE'))).toEqual(['accept', 'reject']);
    expect(actionsForFilter(query('MATCHED', 'ISSUE'))).toEqual(['resolve', 'reject']);
    expect(actionsForFilter(query('MATCHED', 'PENDING'))).toEqual(['reject']);
    expect(actionsForFilter(query(undefined, 'ISSUE'))).toEqual(['reject']);
    expect(actionsForFilter(query())).toEqual(['accept', 'reject', 'resolve']);
  });

  it('selects by filter without paging', () => {
    expect(selectionOf({ ...EMPTY_RECON_QUERY, offset: 50, matchStatus: 'UNMATCHED' })).toEqual({
      matchStatus: 'UNMATCHED',
      filters: [],
      sortBy: [],
    });
  });
});
