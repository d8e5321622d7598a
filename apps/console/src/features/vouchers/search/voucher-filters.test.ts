import { describe, expect, it } from 'vitest';
import { readUrlParams, writeUrlParams } from '../../../shared/url/url-params';
import {
  hasFilters,
  NO_FILTERS,
  reversedRanges,
  toOrdersQuery,
  refusedLinkDays,
  VOUCHER_URL_PARAMS,
} from './voucher-filters';

describe('voucher filters in the URL', () => {
  const read = (search: string) => readUrlParams(VOUCHER_URL_PARAMS, NO_FILTERS, new URLSearchParams(search));
  const write = (filters: typeof NO_FILTERS) =>
    writeUrlParams(VOUCHER_URL_PARAMS, NO_FILTERS, filters, new URLSearchParams()).toString();

  it('reads no filters from an empty URL', () => {
    expect(read('')).toEqual(NO_FILTERS);
  });

  it('round-trips every filter', () => {
    const filters = {
      reference: 'MT-000123',
      createdFrom: '2026-02-01',
      createdTo: '2026-02-03',
      modifiedFrom: '2026-02-02',
      modifiedTo: '2026-02-04',
    };
    const search = write(filters);
    expect(search).toBe(
      'reference=MT-000123&createdFrom=2026-02-01&createdTo=2026-02-03&modifiedFrom=2026-02-02&modifiedTo=2026-02-04',
    );
    expect(read(search)).toEqual(filters);
  });

  it('leaves out unreadable days and a blank reference', () => {
    expect(read('createdFrom=2026-02-30&createdTo=yesterday&reference=%20')).toEqual(NO_FILTERS);
    expect(read('reference=%20MT-1%20').reference, 'spaces at either end dropped').toBe('MT-1');
  });

  it('neither writes nor reads a card number as the reference, nor sends it', () => {
    const typed = { ...NO_FILTERS, reference: '4111 1111 1111 1111', createdFrom: '2026-02-01' };
    expect(write(typed)).toBe('createdFrom=2026-02-01');
    expect(read('reference=4111111111111111&createdFrom=2026-02-01')).toEqual({
      ...NO_FILTERS,
      createdFrom: '2026-02-01',
    });
    expect(toOrdersQuery({ filters: typed, page: 1, size: 25 }).orderReference).toBeUndefined();
  });

  it('names each day of an address after today, as the field shows a day', () => {
    expect(
      refusedLinkDays(
        new URLSearchParams('createdFrom=2030-01-31&createdTo=2026-02-03&modifiedTo=2026-02-04'),
        '2026-02-03',
      ),
    ).toEqual({ createdFrom: '31/01/2030', modifiedTo: '04/02/2026' });
  });

  it('names each day of an address that does not read, with its text', () => {
    expect(
      refusedLinkDays(new URLSearchParams('createdFrom=2026-02-31&createdTo=2026-03-01&modifiedTo=soon')),
    ).toEqual({
      createdFrom: '2026-02-31',
      modifiedTo: 'soon',
    });
    expect(refusedLinkDays(new URLSearchParams('createdFrom=&reference=MT-1'))).toEqual({});
    expect(refusedLinkDays(new URLSearchParams('modifiedFrom=%202026-02-01'))).toEqual({
      modifiedFrom: ' 2026-02-01',
    });
  });

  it('writes nothing for the defaults', () => {
    expect(write(NO_FILTERS)).toBe('');
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

describe('reversed day ranges', () => {
  it('names each "to" day before its "from" day, and no other', () => {
    expect(reversedRanges({ ...NO_FILTERS, createdFrom: '2026-12-06', createdTo: '2026-12-06' })).toEqual({});
    expect(reversedRanges({ ...NO_FILTERS, createdTo: '2026-12-05', modifiedFrom: '2026-12-06' })).toEqual(
      {},
    );
    expect(
      reversedRanges({
        ...NO_FILTERS,
        createdFrom: '2026-12-06',
        createdTo: '2026-12-05',
        modifiedFrom: '2027-01-01',
        modifiedTo: '2026-12-31',
      }),
    ).toEqual({
      createdTo: 'The "Date created to" day must not be before the "Date created from" day.',
      modifiedTo: 'The "Date last modified to" day must not be before the "Date last modified from" day.',
    });
  });
});
