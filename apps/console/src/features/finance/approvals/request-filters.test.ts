import type { ProcessField } from '@web-control/contract/finance';
import { describe, expect, it } from 'vitest';
import { AMOUNT_FIELD, keyField, processSummary } from '../finance-fixtures';
import { describeRequestFilters } from './request-filters';

const VALUE_DATE: ProcessField = {
  name: 'value_date',
  displayName: 'Value date',
  type: 'DATETIME',
  reconcilable: false,
  key: false,
  money: null,
};
const PROCESS = processSummary({ fields: [keyField('merchant', 'Merchant'), AMOUNT_FIELD, VALUE_DATE] });
const BY_FILTER = '/api/recon/processes/1/actions/rejectTransactionsByFilter';

describe('describeRequestFilters', () => {
  it('writes the status, and each filter with its field’s name, its condition and money in rand', () => {
    expect(
      describeRequestFilters(
        `${BY_FILTER}?matchStatus=MATCHED&settlementStatus=PENDING&f.amount.GREATER_THAN=20000&f.merchant.STARTS_WITH=Shop&offset=0&limit=25&sortBy=amount.desc`,
        PROCESS,
      ),
    ).toEqual(['Status: Matched', 'Amount more than R\u00a0200.00', 'Merchant starts with Shop']);
    expect(
      describeRequestFilters(`${BY_FILTER}?f.amount.BETWEEN=1000&f.amount.BETWEEN=250050`, PROCESS),
    ).toEqual(['Amount between R\u00a010.00 and R\u00a02\u00a0500.50']);
  });

  it('writes a date range as the filter panel does (YYYY-MM-DD hh:mm), either end alone too', () => {
    const [range] = describeRequestFilters(
      `${BY_FILTER}?f.value_date.BETWEEN=2026-03-01T00:00:00.000Z&f.value_date.BETWEEN=2026-03-02T00:00:00.000Z`,
      PROCESS,
    );
    expect(range).toMatch(/^Value date from 2026-0[23]-\d{2} \d{2}:\d{2} to 2026-03-0\d \d{2}:\d{2}$/);
    expect(
      describeRequestFilters(`${BY_FILTER}?f.value_date.LESS_THAN=2026-03-01T00:00:00.000Z`, PROCESS)[0],
    ).toMatch(/^Value date until 2026-0[23]-\d{2} \d{2}:\d{2}$/);
  });

  it('shows what it cannot read as it was sent, and nothing without a URL or a query', () => {
    expect(
      describeRequestFilters(`${BY_FILTER}?matchStatus=REJECTED&merchant=Shop&limit=25`, PROCESS),
    ).toEqual(['matchStatus: REJECTED', 'merchant: Shop']);
    expect(describeRequestFilters(`${BY_FILTER}?settlementStatus=SETTLED`, PROCESS)).toEqual([
      'settlementStatus: SETTLED',
    ]);
    expect(describeRequestFilters(null, PROCESS)).toEqual([]);
    expect(describeRequestFilters('', PROCESS)).toEqual([]);
    expect(describeRequestFilters('/api/recon/processes/1/actions/acceptTransactionsByKey', PROCESS)).toEqual(
      [],
    );
  });
});
