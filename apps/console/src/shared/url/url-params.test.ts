import { describe, expect, it } from 'vitest';
import {
  choiceParam,
  localMinuteParam,
  oneOfParam,
  readUrlParams,
  cardNumberRefusal,
  searchedCardNumber,
  sizeParam,
  textParam,
  wholeNumberParam,
  writeUrlParams,
  type UrlParams,
} from './url-params';
import { readSorting, writeSorting } from './use-url-sorting';

interface View {
  from: string;
  user: string;
  status: 'OPEN' | 'CLOSED' | null;
  page: number;
  size: number;
}

const PARAMS: UrlParams<View> = {
  from: localMinuteParam(),
  user: textParam(),
  status: choiceParam(['OPEN', 'CLOSED']),
  page: wholeNumberParam(1),
  size: sizeParam([10, 25]),
};
const DEFAULTS: View = { from: '2026-03-01T00:00', user: '', status: null, page: 1, size: 10 };

describe('URL params', () => {
  it('read what the URL gives, every value the default where it is missing', () => {
    expect(
      readUrlParams(
        PARAMS,
        DEFAULTS,
        new URLSearchParams('from=2026-02-28T23:59&user=ann&status=OPEN&page=3&size=25'),
      ),
    ).toEqual({ from: '2026-02-28T23:59', user: 'ann', status: 'OPEN', page: 3, size: 25 });
    expect(readUrlParams(PARAMS, DEFAULTS, new URLSearchParams(''))).toEqual(DEFAULTS);
  });

  it('fall back to the default for a value that does not read', () => {
    const bad = new URLSearchParams('from=2026-02-30T10:00&status=LOST&page=0&size=7&other=kept');
    expect(readUrlParams(PARAMS, DEFAULTS, bad)).toEqual(DEFAULTS);
    expect(readUrlParams(PARAMS, DEFAULTS, new URLSearchParams('page=-2'))).toEqual(DEFAULTS);
    expect(readUrlParams(PARAMS, DEFAULTS, new URLSearchParams('page=1e3'))).toEqual(DEFAULTS);
  });

  it('keep a whole card number out of a text param, written or read', () => {
    const written = writeUrlParams(
      PARAMS,
      DEFAULTS,
      { ...DEFAULTS, user: '4111 1111 1111 1111' },
      new URLSearchParams(),
    );
    expect(written.toString()).toBe('');
    expect(readUrlParams(PARAMS, DEFAULTS, new URLSearchParams('user=4111111111111111'))).toEqual(DEFAULTS);
  });

  it('write only what differs from the default, keeping the other params', () => {
    const written = writeUrlParams(
      PARAMS,
      DEFAULTS,
      { ...DEFAULTS, user: 'ann & bob', page: 2 },
      new URLSearchParams('sort=name&page=5&status=OPEN'),
    );
    expect(written.toString()).toBe('sort=name&user=ann+%26+bob&page=2');
    expect(readUrlParams(PARAMS, DEFAULTS, written)).toEqual({ ...DEFAULTS, user: 'ann & bob', page: 2 });
  });

  it('read one of a fixed set, never none: anything else falls back to the default', () => {
    const mode = oneOfParam(['view', 'edit'] as const);
    expect(mode.read(['edit'])).toBe('edit');
    expect(mode.read(['Edit'])).toBeUndefined();
    expect(mode.read([''])).toBeUndefined();
    expect(mode.write('view')).toEqual(['view']);
  });

  it('read and write a sort, dropping unknown and repeated columns', () => {
    expect(readSorting('name,-weight,bogus,name', ['name', 'weight'])).toEqual([
      { id: 'name', desc: false },
      { id: 'weight', desc: true },
    ]);
    expect(readSorting(null, ['name'])).toEqual([]);
    expect(writeSorting([{ id: 'weight', desc: true }])).toBe('-weight');
  });

  it('refuses a card number typed or linked in a search field, and waits until text is written over a linked one', () => {
    const linked = '?reference=4111%201111%201111%201111';
    expect(searchedCardNumber('4111111111111111', '', 'reference')).toEqual({ refused: true, waits: true });
    expect(searchedCardNumber('', linked, 'reference')).toEqual({ refused: true, waits: true });
    expect(searchedCardNumber('1911', linked, 'reference'), 'typed over, not yet written').toEqual({
      refused: false,
      waits: true,
    });
    expect(searchedCardNumber('', '?requester=4111111111111111', 'reference')).toEqual({
      refused: false,
      waits: false,
    });
    expect(searchedCardNumber('191165877984', '?reference=191165877984', 'reference')).toEqual({
      refused: false,
      waits: false,
    });
  });

  it('refuses a card number the address masked at once (a link’s) as a card number', () => {
    expect(cardNumberRefusal('411111******1111')).toBe('A card number is never searched: give a name.');
    expect(cardNumberRefusal('ops*team')).toBeNull();
    const masked = '411111******1111';
    expect(searchedCardNumber(masked, `?requester=${encodeURIComponent(masked)}`, 'requester')).toEqual({
      refused: true,
      waits: true,
    });
    expect(searchedCardNumber('ops*team', '?requester=ops*team', 'requester')).toEqual({
      refused: false,
      waits: false,
    });
  });
});
