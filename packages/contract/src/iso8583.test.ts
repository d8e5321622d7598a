import { describe, expect, it } from 'vitest';
import { readEmvElements, writeEmvElements } from './iso8583-emv.ts';
import { explainIso8583, linkIso8583Exchanges } from './iso8583-explain.ts';
import { ISO8583_FIELDS } from './iso8583-fields.ts';
import { findCardNumbers, isLuhnValid, maskCardNumbers, maskIso8583Fields } from './iso8583-masking.ts';
import {
  findCardNumbersInMessage,
  Iso8583Error,
  packIso8583,
  tryUnpackIso8583,
  unpackIso8583,
} from './iso8583.ts';

const PAN = '4895370012345671';
const ICC = writeEmvElements([
  { tag: '9F26', value: '1A2B3C4D5E6F7081' },
  { tag: '9F27', value: '80' },
  { tag: '9F10', value: '06010A03A00000' },
  { tag: '9F02', value: '000000021742' },
  { tag: '5F2A', value: '0710' },
]);

const PURCHASE = {
  mti: '0200',
  fields: {
    2: PAN,
    3: '000000',
    4: '21742',
    7: '0302081500',
    11: '123456',
    12: '101500',
    13: '0302',
    14: '2803',
    18: '5411',
    22: '051',
    25: '00',
    32: '250655',
    35: `${PAN}=28032011234500000`,
    37: '406108123456',
    41: 'PO123456',
    42: 'POS123456',
    43: 'Checkers Sandton City    Johannesburg ZA',
    49: '710',
    52: '0123456789abcdef',
    55: ICC,
  },
};

describe('the ISO 8583:1987 field dictionary', () => {
  it('defines every data element 1 to 128 with its standard name', () => {
    expect([...ISO8583_FIELDS.keys()]).toEqual(Array.from({ length: 128 }, (_, index) => index + 1));
    expect(ISO8583_FIELDS.get(2)).toEqual({
      number: 2,
      name: 'Primary account number',
      format: 'n',
      lengthType: 'LLVAR',
      length: 19,
    });
    expect(ISO8583_FIELDS.get(4)?.name).toBe('Amount, transaction');
    expect(ISO8583_FIELDS.get(55)?.lengthType).toBe('LLLVAR');
  });
});

describe('packing and unpacking', () => {
  it('writes the primary bitmap, pads fixed fields and prefixes variable ones with their length', () => {
    const wire = packIso8583(PURCHASE);
    expect(wire.slice(0, 20)).toBe('0200723C448128E09200');
    // DE 2 as LLVAR (16, masked), DE 3, DE 4 right-justified with zeros.
    expect(wire.slice(20, 56)).toBe('16489537******5671000000000000021742');
    expect(wire).toContain('06250655');
    // DE 42 left-justified with spaces to its 15.
    expect(wire).toContain('PO123456POS123456      Checkers');
    const unpacked = unpackIso8583(wire);
    expect(unpacked.mti).toBe('0200');
    expect(unpacked.bitmap).toEqual({ primary: '723C448128E09200', secondary: null });
    expect(unpacked.fields.map((field) => field.number)).toEqual([
      2, 3, 4, 7, 11, 12, 13, 14, 18, 22, 25, 32, 35, 37, 41, 42, 43, 49, 52, 55,
    ]);
    expect(Object.fromEntries(unpacked.fields.map(({ number, value }) => [number, value]))).toMatchObject({
      2: '489537******5671',
      4: '000000021742',
      32: '250655',
      42: 'POS123456      ',
    });
  });

  it('adds the secondary bitmap when a field above 64 is present', () => {
    const wire = packIso8583({ mti: '0800', fields: { 7: '0302081500', 11: '000001', 70: '301' } });
    expect(wire).toBe('080082200000000000000400000000000000' + '0302081500000001301');
    expect(unpackIso8583(wire)).toEqual({
      mti: '0800',
      bitmap: { primary: '8220000000000000', secondary: '0400000000000000' },
      fields: [
        { number: 7, value: '0302081500' },
        { number: 11, value: '000001' },
        { number: 70, value: '301' },
      ],
    });
  });

  it('counts an LLLVAR binary field in bytes', () => {
    const wire = packIso8583({ mti: '0200', fields: { 55: '9F270180' } });
    expect(wire.slice(20)).toBe('0049F270180');
    expect(unpackIso8583(wire).fields).toEqual([{ number: 55, value: '9F270180' }]);
  });

  it('refuses values that do not fit their field', () => {
    expect(() => packIso8583({ mti: '0200', fields: { 3: '0000001' } })).toThrow(
      'Field 3 is longer than its 6: "0000001"',
    );
    expect(() => packIso8583({ mti: '0200', fields: { 4: '12.50' } })).toThrow(Iso8583Error);
    expect(() => packIso8583({ mti: '0200', fields: { 32: '123456789012' } })).toThrow(
      'Field 32 is longer than its maximum 11',
    );
    expect(() => packIso8583({ mti: '0200', fields: { 1: 'FF' } })).toThrow('bitmaps are derived');
    expect(() => packIso8583({ mti: '200', fields: {} })).toThrow('MTI must be four digits');
  });

  it('says where a message stops making sense, and is no ISO 8583 for other formats', () => {
    const wire = packIso8583(PURCHASE);
    expect(() => unpackIso8583(wire.slice(0, -3))).toThrow('The message ends inside field 55');
    expect(() => unpackIso8583(`${wire}00`)).toThrow('2 characters follow the last field');
    expect(() => unpackIso8583('0200ZZ3C448128E09200')).toThrow('The primary bitmap is not hexadecimal');
    expect(tryUnpackIso8583('{"mti":"0200"}')).toBeUndefined();
    expect(tryUnpackIso8583('TXN EFT-CREDIT\nREF 1')).toBeUndefined();
  });
});

describe('masking', () => {
  it('keeps the first 6 and last 4 of the PAN, only the masked PAN of track 2, and no PIN block', () => {
    const masked = maskIso8583Fields(PURCHASE.fields);
    expect(masked[2]).toBe('489537******5671');
    expect(masked[35]).toBe('489537******5671');
    expect(masked[52]).toBe('****************');
    expect(masked[4]).toBe('21742');
  });

  it('replaces the cryptogram tags of DE 55 by a marker of their length and keeps the rest', () => {
    const elements = readEmvElements(maskIso8583Fields(PURCHASE.fields)[55] ?? '');
    expect(elements).toEqual([
      { tag: '9F26', length: 8, value: '*'.repeat(16) },
      { tag: '9F27', length: 1, value: '80' },
      { tag: '9F10', length: 7, value: '*'.repeat(14) },
      { tag: '9F02', length: 6, value: '000000021742' },
      { tag: '5F2A', length: 2, value: '0710' },
    ]);
  });

  it('masks the card data inside a DE 55 template (a constructed tag such as 77) too', () => {
    const template = writeEmvElements([
      { tag: '5A', value: PAN },
      { tag: '9F26', value: '1122334455667788' },
      { tag: '9F27', value: '80' },
    ]);
    const masked = maskIso8583Fields({ 55: writeEmvElements([{ tag: '77', value: template }]) })[55] ?? '';
    const [outer] = readEmvElements(masked) ?? [];
    expect(outer?.tag).toBe('77');
    expect(readEmvElements(outer?.value ?? '')).toEqual([
      { tag: '5A', length: 8, value: '*'.repeat(16) },
      { tag: '9F26', length: 8, value: '*'.repeat(16) },
      { tag: '9F27', length: 1, value: '80' },
    ]);
    expect(maskIso8583Fields({ 55: masked })[55]).toBe(masked);
  });

  it('changes nothing when masking a masked message, and masks all of a DE 55 that is no TLV', () => {
    const once = maskIso8583Fields(PURCHASE.fields);
    expect(maskIso8583Fields(once)).toEqual(once);
    expect(maskIso8583Fields({ 55: '9F2608AB' })[55]).toBe('********');
  });

  it('finds Luhn-valid card numbers standing alone, and only those', () => {
    expect(isLuhnValid(PAN)).toBe(true);
    expect(findCardNumbers(`card ${PAN}.`)).toEqual([PAN]);
    expect(findCardNumbers(`card 4895370012345672`)).toEqual([]);
    expect(findCardNumbers(`1${PAN}`)).toEqual([]);
    expect(findCardNumbersInMessage(unpackIso8583(packIso8583(PURCHASE)))).toEqual([]);
    const unmasked = {
      mti: '0200',
      bitmap: { primary: '', secondary: null },
      fields: [{ number: 2, value: PAN }],
    };
    expect(findCardNumbersInMessage(unmasked)).toEqual([PAN]);
  });

  it('finds a card number written in groups: spaces, dashes, dots or a query string’s plus signs', () => {
    for (const written of [
      '4111 1111 1111 1111',
      '4111-1111-1111-1111',
      '4111.1111.1111.1111',
      '4111+1111+1111+1111',
      '5500 0055 5555 5559',
      'ref 4111 1111 1111 1111 22',
      '12 4111 1111 1111 1111',
    ]) {
      expect(findCardNumbers(written), written).toEqual([
        written.startsWith('55') ? '5500005555555559' : '4111111111111111',
      ]);
    }
    expect(findCardNumbers('4111  1111 - 1111 1111')).toEqual(['4111111111111111']);
    // As pasted from a spreadsheet, a PDF or a mail, or typed with an input method.
    for (const written of [
      '4111\u00a01111\u00a01111\u00a01111',
      '4111\t1111\t1111\t1111',
      '4111\u202f1111\u202f1111\u202f1111',
      '\uff14\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11',
      '\u0664\u0661\u0661\u0661 1111 1111 1111',
      // A word processor's dashes, and the invisible characters a copy can carry.
      '4111\u20131111\u20131111\u20131111',
      '4111\u20141111\u22121111\u20111111',
      '4111\u200b1111\u200b1111\u200b1111',
      '4111\u00ad1111\u20601111\u200d1111',
    ]) {
      expect(findCardNumbers(written), JSON.stringify(written)).toEqual(['4111111111111111']);
    }
    // Not card numbers: too few digits, no Luhn, or a uuid's hex whose digit groups pass Luhn
    // ("16997-3149-4207").
    for (const written of [
      '2026-12-06 10:30',
      '192.168.100.200',
      '4111 1111 1111 1112',
      '4111 1111 1111',
      '0aa16997-3149-4207-baa3-1576410ee8e7',
      // A STAN with its day, as the palette is given them: a date's groups are no card's.
      '004217 2026-03-03',
      // A list of ids: commas and underscores join no groups (4111111111111111 passes Luhn).
      '4111,1111,1111,1111',
      '4111_1111_1111_1111',
    ]) {
      expect(findCardNumbers(written), written).toEqual([]);
    }
  });

  it('masks each card number in a text, such as a logged address, and leaves other numbers', () => {
    expect(maskCardNumbers(`/api/ecs/transactions?reference=${PAN}&stan=004217`)).toBe(
      '/api/ecs/transactions?reference=489537******5671&stan=004217',
    );
    expect(maskCardNumbers('reference=4895370012345672')).toBe('reference=4895370012345672');
    expect(maskCardNumbers('/api/ecs/transactions?reference=4111+1111+1111+1111&stan=004217')).toBe(
      '/api/ecs/transactions?reference=411111******1111&stan=004217',
    );
    // As curl and encodeURIComponent write a space; and only the card's groups go, not their neighbours.
    expect(maskCardNumbers('/api/ecs/transactions?reference=4111%201111%201111%201111')).toBe(
      '/api/ecs/transactions?reference=411111******1111',
    );
    expect(maskCardNumbers('note 12 4111 1111 1111 1111 22')).toBe('note 12 411111******1111 22');
    // A card number right after an escaped space: the escape's digits are not the card's.
    expect(maskCardNumbers('/api/ecs/transactions?reference=%204111111111111111%20&stan=1')).toBe(
      '/api/ecs/transactions?reference=%20411111******1111%20&stan=1',
    );
    expect(maskCardNumbers('?reference=%2B4111%201111%201111%201111')).toBe('?reference=%2B411111******1111');
    // Groups apart by slashes, typed or escaped; a path's or a date's numbers stay.
    expect(maskCardNumbers('?reference=4111/1111/1111/1111')).toBe('?reference=411111******1111');
    expect(maskCardNumbers('?reference=4111%2F1111%2F1111%2F1111')).toBe('?reference=411111******1111');
    expect(maskCardNumbers('?reference=4111%C2%A01111%C2%A01111%C2%A01111&size=25')).toBe(
      '?reference=411111******1111&size=25',
    );
    expect(maskCardNumbers('?reference=4111%091111%E2%80%AF1111%E2%80%891111')).toBe(
      '?reference=411111******1111',
    );
    // Full-width digits, escaped as a browser sends them in a path.
    const fullWidth = encodeURIComponent('\uff14\uff11\uff11\uff11'.repeat(1) + '\uff11'.repeat(12));
    expect(maskCardNumbers(`/api/moneytransfer/order/${fullWidth}?x=1`)).toBe(
      '/api/moneytransfer/order/411111******1111?x=1',
    );
    // Bytes that are no UTF-8 are nobody's digits.
    expect(maskCardNumbers('?q=%FF4111111111111111%FE')).toBe('?q=%FF411111******1111%FE');
    expect(
      maskCardNumbers(
        'card \uff14\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11.',
      ),
    ).toBe('card 411111******1111.');
    expect(maskCardNumbers('/api/recon/files/1234/download on 06/12/2026')).toBe(
      '/api/recon/files/1234/download on 06/12/2026',
    );
    // Quoted, bracketed or after a hash: any escape's hex digits are its own.
    for (const [open, close] of [
      ['%22', '%22'],
      ['%28', '%29'],
      ['%23', '%3B'],
    ]) {
      expect(maskCardNumbers(`?reference=${open}4111111111111111${close}`)).toBe(
        `?reference=${open}411111******1111${close}`,
      );
    }
  });
});

describe('explaining a message', () => {
  const explained = explainIso8583(
    unpackIso8583(
      packIso8583({
        mti: '0210',
        fields: {
          ...PURCHASE.fields,
          39: '05',
          90: '0100123456' + '0302081500' + '00000250655' + '00000000000',
        },
      }),
    ),
    new Date('2026-03-02T08:15:01Z'),
  );
  const meaning = (number: number) => explained.fields.find((field) => field.number === number)?.meaning;

  it('names the MTI, each field and what the codes mean', () => {
    expect(explained.messageType).toBe('Financial response');
    expect(explained.bitmap.secondary).toBe('0000004000000000');
    expect(explained.fields[0]).toMatchObject({ number: 2, name: 'Primary account number' });
    expect(meaning(3)).toEqual({
      kind: 'text',
      text: 'Goods and services, from default account, to default account',
    });
    expect(meaning(4)).toEqual({ kind: 'amount', minor: 21742, currency: 'ZAR' });
    expect(meaning(7)).toEqual({ kind: 'instant', at: '2026-03-02T08:15:00.000Z' });
    expect(meaning(22)).toEqual({
      kind: 'text',
      text: 'Chip (integrated circuit card), terminal can accept PINs',
    });
    expect(meaning(39)).toEqual({ kind: 'text', text: 'Do not honour' });
    expect(meaning(52)).toEqual({ kind: 'text', text: 'PIN block removed before storage (8 bytes)' });
    expect(meaning(90)).toEqual({
      kind: 'original',
      text: 'Original 0100 Authorisation request, STAN 123456',
      at: '2026-03-02T08:15:00.000Z',
    });
    const icc = explained.fields.find((field) => field.number === 55);
    expect(icc?.elements?.[0]).toEqual({
      tag: '9F26',
      name: 'Application cryptogram',
      value: '*'.repeat(16),
      meaning: 'Removed before storage (8 bytes)',
    });
  });
});

describe('linking requests and responses', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 2, 2, 8, 0, seconds));
  it('pairs each response with its request, and marks the unanswered and the late', () => {
    const links = linkIso8583Exchanges([
      { id: '0', edgeName: 'POS Acquirer', timeCreated: at(0), mti: '0200', stan: '000001' },
      { id: '1', edgeName: 'Visa', timeCreated: at(0), mti: '0100', stan: '000001' },
      { id: '2', edgeName: 'POS Acquirer', timeCreated: at(5), mti: '0210', stan: '000001' },
      { id: '3', edgeName: 'Visa', timeCreated: at(7), mti: '0110', stan: '000001' },
      { id: '4', edgeName: 'Visa', timeCreated: at(8), mti: '0420', stan: '000001' },
    ]);
    expect(Object.fromEntries(links)).toEqual({
      '0': { role: 'request', counterpartId: '2', late: false },
      '1': { role: 'request', counterpartId: '3', late: false },
      '2': { role: 'response', counterpartId: '0', late: false },
      '3': { role: 'response', counterpartId: '1', late: true },
      '4': { role: 'request', counterpartId: null, late: false },
    });
  });
});
