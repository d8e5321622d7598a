import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  correctedListParams,
  defaultFilters,
  readListRequest,
  TRANSACTION_FILTERS_CODEC,
  todayRange,
  toTransactionsQuery,
  unreadLinkRange,
  unsearchableFilter,
  writeListRequest,
  LINK_RANGE_TEXTS,
  type ListRequest,
} from './transaction-filters';

const LATEST = '7d0b8f2e-4c1a-4e8b-9a57-0f3c2d1e6b90';

describe('transaction filters in the URL', () => {
  // South Africa, UTC+2 all year: the URL is local time, the API UTC.
  beforeEach(() => vi.stubEnv('TZ', 'Africa/Johannesburg'));
  afterEach(() => vi.unstubAllEnvs());

  const today = () => todayRange(new Date(2026, 10, 22, 14, 5, 30));

  it('defaults to start to end of today, local, to the minute', () => {
    expect(today()).toEqual({ from: new Date(2026, 10, 22, 0, 0), to: new Date(2026, 10, 22, 23, 59) });
    expect(readListRequest(new URLSearchParams(), today())).toEqual({
      filters: { ...today(), reference: '', stan: '', card: '', service: null, receiver: null },
      page: 1,
      latest: null,
    });
  });

  it('rewrites an address whose range is unreadable or reversed to the range shown', () => {
    const shownRange = 'from=2026-11-22T00%3A00&to=2026-11-22T23%3A59';
    const corrected = (query: string) => {
      const params = new URLSearchParams(query);
      return correctedListParams(params, readListRequest(params, today()))?.toString() ?? null;
    };
    expect(corrected('from=garbage&reference=R1')).toBe(`${shownRange}&reference=R1`);
    expect(corrected('from=2026-11-21T10:00&to=2026-11-20T10:00')).toBe(shownRange);
    expect(corrected('from=2026-11-20T08:30&to=2026-11-21T17:45')).toBeNull();
    expect(corrected('reference=R1')).toBeNull();
  });

  it('says why a link’s range is not the one shown, or can show nothing yet', () => {
    const now = new Date(2026, 10, 22, 14, 5, 30);
    const why = (query: string) => unreadLinkRange(new URLSearchParams(query), now);
    expect(why('from=2026-13-45T00:00&to=2026-11-22T10:00'), 'today from its start').toBe(
      LINK_RANGE_TEXTS.unreadBound,
    );
    expect(why('from=2026-11-01T00:00&to=junk'), 'from 1 November to today’s end').toBe(
      LINK_RANGE_TEXTS.unreadBound,
    );
    expect(why('from=2026-02-30T00:00')).toBe(LINK_RANGE_TEXTS.unreadRange);
    expect(why('from=junk&to=2026-11-21T10:00'), 'today’s start after its end: today').toBe(
      LINK_RANGE_TEXTS.unreadRange,
    );
    expect(why('from=2026-11-21T10:00&to=2026-11-20T10:00')).toBe(LINK_RANGE_TEXTS.reversed);
    expect(why('to=2026-11-21T10:00'), 'an end before today’s start').toBe(LINK_RANGE_TEXTS.reversed);
    expect(why('from=2026-11-20T08:30&to=2026-11-21T17:45')).toBeNull();
    expect(why('from=2026-11-20T08:30'), 'a start alone runs to today’s end').toBeNull();
    expect(why('reference=R1'), 'no range named: today, as a bare link').toBeNull();
    expect(why('from=2026-11-22T14:06&to=2026-11-22T23:59'), 'a start after now').toBe(
      LINK_RANGE_TEXTS.future,
    );
    expect(why('from=2026-11-22T14:05&to=2026-11-22T23:59'), 'a start in this minute').toBeNull();
  });

  it('rewrites a page beyond the last the platform answers, or an unreadable one', () => {
    const corrected = (query: string) => {
      const params = new URLSearchParams(query);
      return correctedListParams(params, readListRequest(params, today()))?.toString() ?? null;
    };
    // Offset 1,000,000 is the deepest: page 50,001 is the last.
    expect(corrected('page=99999')).toBe('page=50001');
    expect(corrected('page=abc&reference=R1')).toBe('reference=R1');
    expect(corrected('page=50001')).toBeNull();
  });

  it('reads every filter and the page', () => {
    const params = new URLSearchParams(
      'from=2026-11-20T08:30&to=2026-11-21T17:45&reference=%20REF-9%20&service=svc-1&receiver=rcv-2&page=3',
    );
    expect(readListRequest(params, today())).toEqual({
      filters: {
        from: new Date(2026, 10, 20, 8, 30),
        to: new Date(2026, 10, 21, 17, 45),
        reference: 'REF-9',
        stan: '',
        card: '',
        service: 'svc-1',
        receiver: 'rcv-2',
      },
      page: 3,
      latest: null,
    });
  });

  it.each([
    ['from=2026-02-31T10:00', 'a day that does not exist'],
    ['from=2026-11-20', 'a date without a time'],
    ['from=2026-11-20T08:30:15', 'seconds'],
    ['from=2026-11-23T00:00&to=2026-11-22T10:00', 'an end before the start'],
  ])('falls back to today for %s (%s)', (search) => {
    expect(readListRequest(new URLSearchParams(search), today()).filters).toMatchObject(today());
  });

  it.each(['0', '-1', '2.5', 'two', ''])('reads the page %j as page 1', (page) => {
    expect(readListRequest(new URLSearchParams({ page }), today()).page).toBe(1);
  });

  it('writes the range always, other filters when set and the page beyond the first', () => {
    const request: ListRequest = {
      filters: { ...today(), reference: ' REF-9 ', stan: '', card: '', service: 'svc-1', receiver: null },
      page: 2,
      latest: LATEST,
    };
    expect(writeListRequest(request).toString()).toBe(
      `from=2026-11-22T00%3A00&to=2026-11-22T23%3A59&reference=REF-9&service=svc-1&page=2&latest=${LATEST}`,
    );
    expect(readListRequest(writeListRequest(request), today())).toEqual({
      ...request,
      filters: { ...request.filters, reference: 'REF-9' },
    });
    expect(writeListRequest({ ...request, page: 1 }).has('page')).toBe(false);
    expect(writeListRequest({ ...request, page: 1 }).has('latest'), 'the first page counts from now').toBe(
      false,
    );
  });

  it('gives the shared URL hook the filters as the list request holds them, leaving the page to it', () => {
    const filters = { ...today(), reference: 'REF-9', stan: '', card: '', service: null, receiver: 'r-1' };
    const search = TRANSACTION_FILTERS_CODEC.write(
      filters,
      defaultFilters(new Date(2026, 10, 22, 14, 5)),
      new URLSearchParams('page=4&reference=OLD&stan=123456'),
    );
    expect(search.toString()).toBe(
      'page=4&from=2026-11-22T00%3A00&to=2026-11-22T23%3A59&reference=REF-9&receiver=r-1',
    );
    expect(TRANSACTION_FILTERS_CODEC.read(search, defaultFilters(new Date()))).toEqual(filters);
    expect(
      TRANSACTION_FILTERS_CODEC.read(
        new URLSearchParams('from=nonsense'),
        defaultFilters(new Date(2026, 10, 22)),
      ),
      'what does not read takes the default',
    ).toEqual(defaultFilters(new Date(2026, 10, 22)));
  });

  it('asks the API for the range in compact ISO UTC, the end minute whole, without empty filters', () => {
    const request = readListRequest(new URLSearchParams(), today());
    expect(toTransactionsQuery(request, LATEST, 20)).toEqual({
      service: undefined,
      reference: undefined,
      stan: undefined,
      card: undefined,
      receiver: undefined,
      dateFrom: '20261121T220000Z',
      dateTo: '20261122T215959Z',
    });
  });

  it('pages with the latest record and offset page*20-20', () => {
    const request = readListRequest(new URLSearchParams('reference=REF-9&service=svc-1&page=3'), today());
    expect(toTransactionsQuery(request, LATEST, 20)).toMatchObject({
      reference: 'REF-9',
      service: 'svc-1',
      latestRecord: LATEST,
      offset: 40,
    });
    // A link to a later page written before pages carried their row has none of its own.
    expect(toTransactionsQuery(request, null, 20)).toMatchObject({ latestRecord: undefined, offset: 40 });
  });

  it('pages from the row in the address, so Back, a reload or a shared link shows the same rows', () => {
    const OTHER = '11111111-2222-4333-8444-555555555555';
    const request = readListRequest(new URLSearchParams(`page=2&latest=${OTHER}`), today());
    expect(request).toMatchObject({ page: 2, latest: OTHER });
    expect(toTransactionsQuery(request, LATEST, 20), 'not the row the list loaded last').toMatchObject({
      latestRecord: OTHER,
      offset: 20,
    });
    expect(readListRequest(new URLSearchParams('page=2&latest=nonsense'), today()).latest).toBeNull();
    expect(readListRequest(new URLSearchParams(`latest=${OTHER}`), today()).latest, 'page 1').toBeNull();
    const corrected = (query: string) => {
      const params = new URLSearchParams(query);
      return correctedListParams(params, readListRequest(params, today()))?.toString() ?? null;
    };
    expect(corrected(`page=2&latest=${OTHER}`)).toBeNull();
    expect(corrected('page=2&latest=nonsense'), 'an unreadable row is dropped from the address').toBe(
      'page=2',
    );
  });

  it('finds by STAN and masked card number, asking only once each is whole', () => {
    const request = readListRequest(new URLSearchParams('stan=004217&card=489537******1234'), today());
    expect(request.filters).toMatchObject({ stan: '004217', card: '489537******1234' });
    expect(writeListRequest(request).toString()).toContain('stan=004217&card=489537******1234');
    expect(toTransactionsQuery(request, LATEST, 20)).toMatchObject({
      stan: '004217',
      card: '489537******1234',
      dateFrom: '20261121T220000Z',
    });
    const typing = readListRequest(new URLSearchParams('stan=0042&card=489537***'), today());
    expect(toTransactionsQuery(typing, LATEST, 20)).toMatchObject({ stan: undefined, card: undefined });
  });

  it('names the first text filter that cannot be searched for as typed, so that the list waits for it', () => {
    const filters = (text: { reference?: string; stan?: string; card?: string }) => ({
      ...defaultFilters(new Date(2026, 10, 22)),
      ...text,
    });
    expect(unsearchableFilter(filters({}))).toBeNull();
    expect(
      unsearchableFilter(filters({ reference: 'REF-1', stan: ' 004217 ', card: '489537******1234' })),
    ).toBeNull();
    expect(unsearchableFilter(filters({ stan: '0042' }))).toBe('stan');
    expect(unsearchableFilter(filters({ stan: 'abcdef' }))).toBe('stan');
    expect(unsearchableFilter(filters({ card: '4111' }))).toBe('card');
    expect(unsearchableFilter(filters({ card: '4895370012345671' }))).toBe('card');
    expect(unsearchableFilter(filters({ reference: '4895370012345671', stan: '1' }))).toBe('reference');
  });

  it('never writes or asks for a whole card number, typed as a reference or a card', () => {
    const pan = '4895370012345671';
    const request: ListRequest = {
      filters: { ...today(), reference: pan, stan: '', card: ` ${pan} `, service: null, receiver: null },
      page: 1,
      latest: null,
    };
    expect(writeListRequest(request).toString()).toBe('from=2026-11-22T00%3A00&to=2026-11-22T23%3A59');
    expect(toTransactionsQuery(request, LATEST, 20)).toMatchObject({ reference: undefined, card: undefined });
  });
});
