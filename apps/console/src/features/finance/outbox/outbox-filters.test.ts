import { describe, expect, it } from 'vitest';
import { defaultOutboxFilters, extractsRequestOf, tagColumnsOf } from './outbox-filters';

const NOW = new Date(2026, 1, 3, 15, 30);
const PAGE = { offset: 0, limit: 25 };

describe('outbox filters', () => {
  it('start with today and no tags', () => {
    expect(defaultOutboxFilters(NOW)).toEqual({ from: '2026-02-03T00:00', to: '2026-02-03T23:59', tags: [] });
    expect(extractsRequestOf(defaultOutboxFilters(NOW), PAGE, 1, NOW)).toEqual({
      fromDateTimeInclusive: new Date(2026, 1, 3).toISOString(),
      toDateTimeInclusive: new Date(2026, 1, 3, 23, 59, 59, 999).toISOString(),
      tag: [],
      processId: 1,
      offset: 0,
      limit: 25,
    });
  });

  it('leave a range that breaks the rules out until corrected', () => {
    const request = extractsRequestOf(
      { from: '2026-02-03T00:00', to: '2026-02-01T00:00', tags: [] },
      PAGE,
      undefined,
      NOW,
    );
    expect(request.fromDateTimeInclusive).toBeUndefined();
    expect(request.toDateTimeInclusive).toBeUndefined();
  });

  it('send tags as tagId:value and drop rows without a type or a value', () => {
    const tags = [
      { key: 0, tagId: 'currency', value: ' ZAR ' },
      { key: 1, tagId: 'party', value: '' },
      { key: 2, tagId: '', value: 'x' },
      { key: 3, tagId: 'kind', value: 'settlement-report' },
    ];
    expect(extractsRequestOf({ from: '', to: '', tags }, PAGE, undefined, NOW).tag).toEqual([
      'currency:ZAR',
      'kind:settlement-report',
    ]);
  });

  it('take the tag columns from the first row', () => {
    expect(tagColumnsOf([{ tags: { kind: ['a'], currency: ['ZAR'] } }, { tags: { party: ['b'] } }])).toEqual([
      'kind',
      'currency',
    ]);
    expect(tagColumnsOf([])).toEqual([]);
  });
});
