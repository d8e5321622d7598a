import { describe, expect, it } from 'vitest';
import { formatRequestFilter, requestFiltersOf } from './request-filters';

describe('requestFiltersOf', () => {
  it('reads the filters of the request URL without paging, sorting or empty values', () => {
    const filters = requestFiltersOf(
      '/api/recon/processes/1/actions/acceptTransactionsByFilter?matchStatus=UNMATCHED&amount=GREATER_THAN%3A100&offset=0&limit=25&sortBy=amount.desc&merchant=',
    );
    expect(filters.map(formatRequestFilter)).toEqual(['matchStatus: UNMATCHED', 'amount: GREATER_THAN:100']);
  });

  it('has none without a URL or a query', () => {
    expect(requestFiltersOf(null)).toEqual([]);
    expect(requestFiltersOf('')).toEqual([]);
    expect(requestFiltersOf('/api/recon/processes/1/actions/acceptTransactionsByKey')).toEqual([]);
  });
});
