import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  NO_FILTERS,
  readVoucherSearch,
  toOrdersQuery,
  writeVoucherSearch,
} from './voucher-filters';

describe('voucher search in the URL', () => {
  it('reads defaults from an empty URL: no filters, page 1, 25 a page', () => {
    expect(readVoucherSearch(new URLSearchParams())).toEqual({ filters: NO_FILTERS, page: 1, size: 25 });
  });

  it('round-trips every filter, the page and the size', () => {
    const search = {
      filters: {
        reference: 'MT-000123',
        createdFrom: '2026-02-01',
        createdTo: '2026-02-03',
        modifiedFrom: '2026-02-02',
        modifiedTo: '2026-02-04',
      },
      page: 3,
      size: 50,
    };
    const params = writeVoucherSearch(search);
    expect(params.toString()).toBe(
      'reference=MT-000123&createdFrom=2026-02-01&createdTo=2026-02-03&modifiedFrom=2026-02-02&modifiedTo=2026-02-04&page=3&size=50',
    );
    expect(readVoucherSearch(params)).toEqual(search);
  });

  it('leaves out unreadable days, pages and sizes', () => {
    const search = readVoucherSearch(
      new URLSearchParams('createdFrom=2026-02-30&createdTo=yesterday&page=-2&size=7&reference=%20'),
    );
    expect(search).toEqual({ filters: NO_FILTERS, page: 1, size: 25 });
  });

  it('writes nothing for the defaults', () => {
    expect(writeVoucherSearch({ filters: NO_FILTERS, page: 1, size: 25 }).toString()).toBe('');
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, modifiedTo: '2026-02-04' })).toBe(true);
  });
});

describe('orders query', () => {
  it('pages by offset = page * size - size and leaves unset filters out', () => {
    expect(toOrdersQuery({ filters: NO_FILTERS, page: 1, size: 25 })).toEqual({
      limit: 25,
      offset: 0,
      orderReference: undefined,
      fromDatetime: undefined,
      toDatetime: undefined,
      fromLastModifiedDatetime: undefined,
      toLastModifiedDatetime: undefined,
    });
    expect(toOrdersQuery({ filters: NO_FILTERS, page: 4, size: 25 })).toMatchObject({ offset: 75 });
  });

  it('sends local whole days as ISO instants with a zone', () => {
    const query = toOrdersQuery({
      filters: {
        reference: ' MT-1 ',
        createdFrom: '2026-02-01',
        createdTo: '2026-02-03',
        modifiedFrom: '2026-02-02',
        modifiedTo: '2026-02-02',
      },
      page: 1,
      size: 25,
    });
    expect(query.orderReference).toBe('MT-1');
    expect(query.fromDatetime).toBe(new Date(2026, 1, 1).toISOString());
    expect(query.toDatetime).toBe(new Date(2026, 1, 3, 23, 59, 59, 999).toISOString());
    expect(query.fromLastModifiedDatetime).toBe(new Date(2026, 1, 2).toISOString());
    expect(query.toLastModifiedDatetime).toBe(new Date(2026, 1, 2, 23, 59, 59, 999).toISOString());
    expect(query.toDatetime).toMatch(/Z$/);
  });
});
