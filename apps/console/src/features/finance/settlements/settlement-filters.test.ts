import { describe, expect, it } from 'vitest';
import { defaultSettlementFilters, settlementSearchOf } from './settlement-filters';

describe('settlement filters', () => {
  it('default to today', () => {
    expect(defaultSettlementFilters(new Date(2026, 1, 3, 15, 30))).toEqual({
      from: '2026-02-03T00:00',
      to: '2026-02-03T23:59',
      settlementId: '',
    });
  });

  it('ask from the start of the From minute to the end of the To minute', () => {
    expect(
      settlementSearchOf({ from: '2026-02-01T08:05', to: '2026-02-03T17:30', settlementId: '' }),
    ).toEqual({
      kind: 'range',
      fromDateTimeInclusive: new Date(2026, 1, 1, 8, 5, 0, 0).toISOString(),
      toDateTimeInclusive: new Date(2026, 1, 3, 17, 30, 59, 999).toISOString(),
    });
    expect(settlementSearchOf({ from: '2026-02', to: '', settlementId: '' })).toEqual({
      kind: 'range',
      fromDateTimeInclusive: undefined,
      toDateTimeInclusive: undefined,
    });
  });

  it('let a numeric settlement id replace the other filters', () => {
    expect(settlementSearchOf({ from: '2026-02-01', to: '2026-02-03', settlementId: '42' })).toEqual({
      kind: 'id',
      settlementId: 42,
    });
    expect(settlementSearchOf({ from: '', to: '', settlementId: ' 42 ' })).toEqual({
      kind: 'id',
      settlementId: 42,
    });
  });

  it('refuse an id that is no whole number from 1, rather than search another run', () => {
    for (const typed of ['-5', '1.5', '1e3', '4a2', '0', '2147483648'])
      expect(settlementSearchOf({ from: '', to: '', settlementId: typed }), typed).toEqual({
        kind: 'invalid-id',
      });
  });
});
