/**
 * The ISO 8583:1987 data elements as data: the one definition the simulator packs with and the
 * platform unpacks with. Names are the standard's (its US spelling kept: "Authorization").
 *
 * Wire form (ASCII): a message is its MTI, then its bitmaps as 16 hexadecimal characters each,
 * then each present field in number order. Numeric and text fields are written as characters;
 * binary fields (`b`) as two hexadecimal characters per byte, so a length counts bytes for them.
 * A variable field is preceded by its length in 2 (LLVAR) or 3 (LLLVAR) digits.
 */

/**
 * n digits; a letters; an letters and digits; ans any printable; z track 2 (digits, `=` or `D`);
 * x+n `C` or `D` then digits; b binary. `*` may stand for any masked character.
 */
export type Iso8583Format = 'n' | 'a' | 'an' | 'ans' | 'z' | 'x+n' | 'b';
export type Iso8583LengthType = 'fixed' | 'LLVAR' | 'LLLVAR';

export interface Iso8583FieldDefinition {
  number: number;
  name: string;
  format: Iso8583Format;
  lengthType: Iso8583LengthType;
  /** The length when fixed, the largest when variable: characters, or bytes for `b`. */
  length: number;
}

type Row = readonly [number, string, Iso8583Format, Iso8583LengthType, number];

const ROWS: readonly Row[] = [
  [1, 'Bitmap, secondary', 'b', 'fixed', 8],
  [2, 'Primary account number', 'n', 'LLVAR', 19],
  [3, 'Processing code', 'n', 'fixed', 6],
  [4, 'Amount, transaction', 'n', 'fixed', 12],
  [5, 'Amount, settlement', 'n', 'fixed', 12],
  [6, 'Amount, cardholder billing', 'n', 'fixed', 12],
  [7, 'Transmission date and time', 'n', 'fixed', 10],
  [8, 'Amount, cardholder billing fee', 'n', 'fixed', 8],
  [9, 'Conversion rate, settlement', 'n', 'fixed', 8],
  [10, 'Conversion rate, cardholder billing', 'n', 'fixed', 8],
  [11, 'System trace audit number', 'n', 'fixed', 6],
  [12, 'Time, local transaction', 'n', 'fixed', 6],
  [13, 'Date, local transaction', 'n', 'fixed', 4],
  [14, 'Date, expiration', 'n', 'fixed', 4],
  [15, 'Date, settlement', 'n', 'fixed', 4],
  [16, 'Date, conversion', 'n', 'fixed', 4],
  [17, 'Date, capture', 'n', 'fixed', 4],
  [18, 'Merchant type', 'n', 'fixed', 4],
  [19, 'Acquiring institution country code', 'n', 'fixed', 3],
  [20, 'PAN extended, country code', 'n', 'fixed', 3],
  [21, 'Forwarding institution country code', 'n', 'fixed', 3],
  [22, 'Point of service entry mode', 'n', 'fixed', 3],
  [23, 'Card sequence number', 'n', 'fixed', 3],
  [24, 'Network international identifier', 'n', 'fixed', 3],
  [25, 'Point of service condition code', 'n', 'fixed', 2],
  [26, 'Point of service PIN capture code', 'n', 'fixed', 2],
  [27, 'Authorization identification response length', 'n', 'fixed', 1],
  [28, 'Amount, transaction fee', 'x+n', 'fixed', 9],
  [29, 'Amount, settlement fee', 'x+n', 'fixed', 9],
  [30, 'Amount, transaction processing fee', 'x+n', 'fixed', 9],
  [31, 'Amount, settlement processing fee', 'x+n', 'fixed', 9],
  [32, 'Acquiring institution identification code', 'n', 'LLVAR', 11],
  [33, 'Forwarding institution identification code', 'n', 'LLVAR', 11],
  [34, 'Primary account number, extended', 'ans', 'LLVAR', 28],
  [35, 'Track 2 data', 'z', 'LLVAR', 37],
  [36, 'Track 3 data', 'n', 'LLLVAR', 104],
  [37, 'Retrieval reference number', 'an', 'fixed', 12],
  [38, 'Authorization identification response', 'an', 'fixed', 6],
  [39, 'Response code', 'an', 'fixed', 2],
  [40, 'Service restriction code', 'an', 'fixed', 3],
  [41, 'Card acceptor terminal identification', 'ans', 'fixed', 8],
  [42, 'Card acceptor identification code', 'ans', 'fixed', 15],
  [43, 'Card acceptor name/location', 'ans', 'fixed', 40],
  [44, 'Additional response data', 'an', 'LLVAR', 25],
  [45, 'Track 1 data', 'ans', 'LLVAR', 76],
  [46, 'Additional data (ISO)', 'ans', 'LLLVAR', 999],
  [47, 'Additional data (national)', 'ans', 'LLLVAR', 999],
  [48, 'Additional data (private)', 'ans', 'LLLVAR', 999],
  [49, 'Currency code, transaction', 'n', 'fixed', 3],
  [50, 'Currency code, settlement', 'n', 'fixed', 3],
  [51, 'Currency code, cardholder billing', 'n', 'fixed', 3],
  [52, 'Personal identification number data', 'b', 'fixed', 8],
  [53, 'Security related control information', 'n', 'fixed', 16],
  [54, 'Additional amounts', 'an', 'LLLVAR', 120],
  // Reserved for ISO use in 1987; carries the chip card's (EMV) data everywhere in practice.
  [55, 'Reserved ISO (ICC data)', 'b', 'LLLVAR', 255],
  [56, 'Reserved ISO', 'ans', 'LLLVAR', 999],
  [57, 'Reserved national', 'ans', 'LLLVAR', 999],
  [58, 'Reserved national', 'ans', 'LLLVAR', 999],
  [59, 'Reserved national', 'ans', 'LLLVAR', 999],
  [60, 'Reserved national', 'ans', 'LLLVAR', 999],
  [61, 'Reserved private', 'ans', 'LLLVAR', 999],
  [62, 'Reserved private', 'ans', 'LLLVAR', 999],
  [63, 'Reserved private', 'ans', 'LLLVAR', 999],
  [64, 'Message authentication code', 'b', 'fixed', 8],
  [65, 'Bitmap, extended', 'b', 'fixed', 1],
  [66, 'Settlement code', 'n', 'fixed', 1],
  [67, 'Extended payment code', 'n', 'fixed', 2],
  [68, 'Receiving institution country code', 'n', 'fixed', 3],
  [69, 'Settlement institution country code', 'n', 'fixed', 3],
  [70, 'Network management information code', 'n', 'fixed', 3],
  [71, 'Message number', 'n', 'fixed', 4],
  [72, 'Message number, last', 'n', 'fixed', 4],
  [73, 'Date, action', 'n', 'fixed', 6],
  [74, 'Credits, number', 'n', 'fixed', 10],
  [75, 'Credits, reversal number', 'n', 'fixed', 10],
  [76, 'Debits, number', 'n', 'fixed', 10],
  [77, 'Debits, reversal number', 'n', 'fixed', 10],
  [78, 'Transfer, number', 'n', 'fixed', 10],
  [79, 'Transfer, reversal number', 'n', 'fixed', 10],
  [80, 'Inquiries, number', 'n', 'fixed', 10],
  [81, 'Authorizations, number', 'n', 'fixed', 10],
  [82, 'Credits, processing fee amount', 'n', 'fixed', 12],
  [83, 'Credits, transaction fee amount', 'n', 'fixed', 12],
  [84, 'Debits, processing fee amount', 'n', 'fixed', 12],
  [85, 'Debits, transaction fee amount', 'n', 'fixed', 12],
  [86, 'Credits, amount', 'n', 'fixed', 16],
  [87, 'Credits, reversal amount', 'n', 'fixed', 16],
  [88, 'Debits, amount', 'n', 'fixed', 16],
  [89, 'Debits, reversal amount', 'n', 'fixed', 16],
  [90, 'Original data elements', 'n', 'fixed', 42],
  [91, 'File update code', 'an', 'fixed', 1],
  [92, 'File security code', 'an', 'fixed', 2],
  [93, 'Response indicator', 'an', 'fixed', 5],
  [94, 'Service indicator', 'an', 'fixed', 7],
  [95, 'Replacement amounts', 'an', 'fixed', 42],
  [96, 'Message security code', 'b', 'fixed', 8],
  [97, 'Amount, net settlement', 'x+n', 'fixed', 17],
  [98, 'Payee', 'ans', 'fixed', 25],
  [99, 'Settlement institution identification code', 'n', 'LLVAR', 11],
  [100, 'Receiving institution identification code', 'n', 'LLVAR', 11],
  [101, 'File name', 'ans', 'LLVAR', 17],
  [102, 'Account identification 1', 'ans', 'LLVAR', 28],
  [103, 'Account identification 2', 'ans', 'LLVAR', 28],
  [104, 'Transaction description', 'ans', 'LLLVAR', 100],
  ...[105, 106, 107, 108, 109, 110, 111].map((number): Row => [number, 'Reserved ISO', 'ans', 'LLLVAR', 999]),
  ...[112, 113, 114, 115, 116, 117, 118, 119].map((number): Row => [
    number,
    'Reserved national',
    'ans',
    'LLLVAR',
    999,
  ]),
  ...[120, 121, 122, 123, 124, 125, 126, 127].map((number): Row => [
    number,
    'Reserved private',
    'ans',
    'LLLVAR',
    999,
  ]),
  [128, 'Message authentication code', 'b', 'fixed', 8],
];

/** Every data element 1 to 128, by number. */
export const ISO8583_FIELDS: ReadonlyMap<number, Iso8583FieldDefinition> = new Map(
  ROWS.map(([number, name, format, lengthType, length]) => [
    number,
    { number, name, format, lengthType, length },
  ]),
);

export function fieldDefinition(number: number): Iso8583FieldDefinition {
  const definition = ISO8583_FIELDS.get(number);
  if (definition === undefined) throw new RangeError(`ISO 8583 has no data element ${number}`);
  return definition;
}
