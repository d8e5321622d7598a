import { fieldDefinition, type Iso8583FieldDefinition, type Iso8583Format } from './iso8583-fields.ts';
import { readEmvElements } from './iso8583-emv.ts';
import { findCardNumbers, maskIso8583Fields } from './iso8583-masking.ts';

/**
 * Packs and unpacks ISO 8583:1987 messages in their ASCII wire form (see iso8583-fields.ts), by
 * the field dictionary alone. Packing masks card data first (iso8583-masking.ts): nothing this
 * codebase packs can carry a full card number, track data, a PIN block or a cryptogram.
 */

export interface Iso8583Message {
  /** Message type indicator: four digits, such as 0200. */
  mti: string;
  /** Values by data element number (2 to 128); bitmaps are derived, never given. */
  fields: Readonly<Partial<Record<number, string>>>;
}

export interface UnpackedIso8583 {
  mti: string;
  /** 16 hexadecimal characters each; secondary null when bit 1 is clear. */
  bitmap: { primary: string; secondary: string | null };
  /** In number order, values as carried (fixed fields with their padding). */
  fields: Array<{ number: number; value: string }>;
}

export class Iso8583Error extends Error {
  override name = 'Iso8583Error';
}

const BITMAP_CHARS = 16;
const MTI_PATTERN = /^\d{4}$/;
/** `*` stands for a masked character in any field. */
const CHARSETS: Record<Iso8583Format, RegExp> = {
  n: /^[0-9*]*$/,
  a: /^[A-Za-z *]*$/,
  an: /^[A-Za-z0-9 *]*$/,
  ans: /^[\x20-\x7E]*$/,
  z: /^[0-9=D*]*$/,
  'x+n': /^[CD*][0-9*]*$/,
  b: /^[0-9A-F*]*$/,
};

/** Characters on the wire: binary fields take two hexadecimal characters per byte. */
function wireLength(definition: Iso8583FieldDefinition, length: number): number {
  return definition.format === 'b' ? length * 2 : length;
}

function prefixDigits(definition: Iso8583FieldDefinition): number {
  return definition.lengthType === 'LLVAR' ? 2 : definition.lengthType === 'LLLVAR' ? 3 : 0;
}

function checkCharset(definition: Iso8583FieldDefinition, value: string): void {
  if (!CHARSETS[definition.format].test(value)) {
    throw new Iso8583Error(
      `Field ${definition.number} (${definition.name}) must be of format ${definition.format}: "${value}"`,
    );
  }
}

function packField(number: number, raw: string): string {
  const definition = fieldDefinition(number);
  if (definition.format === 'b') {
    const value = raw.toUpperCase();
    checkCharset(definition, value);
    if (value.length % 2 !== 0) throw new Iso8583Error(`Field ${number} holds half a byte`);
    return packLength(definition, value, value.length / 2);
  }
  checkCharset(definition, raw);
  return packLength(definition, raw, raw.length);
}

function packLength(definition: Iso8583FieldDefinition, value: string, length: number): string {
  const { number, lengthType } = definition;
  if (lengthType === 'fixed') {
    if (length > definition.length) {
      throw new Iso8583Error(`Field ${number} is longer than its ${definition.length}: "${value}"`);
    }
    const width = wireLength(definition, definition.length);
    if (definition.format === 'b' && value.length !== width) {
      throw new Iso8583Error(`Field ${number} must hold exactly ${definition.length} bytes`);
    }
    // Numbers are right-justified with zeros, text left-justified with spaces.
    return definition.format === 'n' ? value.padStart(width, '0') : value.padEnd(width, ' ');
  }
  if (length > definition.length) {
    throw new Iso8583Error(`Field ${number} is longer than its maximum ${definition.length}`);
  }
  return String(length).padStart(prefixDigits(definition), '0') + value;
}

const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).toUpperCase().padStart(2, '0'));

/** The bitmaps of the present fields in hexadecimal; bit 1 set when a secondary bitmap follows. */
function bitmapHex(numbers: readonly number[], secondary: boolean): string {
  const bytes = new Uint8Array(secondary ? 16 : 8);
  if (secondary) bytes[0] = 0x80;
  for (const number of numbers) {
    const index = (number - 1) >> 3;
    bytes[index] = (bytes[index] ?? 0) | (0x80 >> ((number - 1) & 7));
  }
  let hex = '';
  for (const byte of bytes) hex += HEX_BYTES[byte] ?? '';
  return hex;
}

/** The message on the wire, card data masked first. */
export function packIso8583(message: Iso8583Message): string {
  if (!MTI_PATTERN.test(message.mti)) throw new Iso8583Error(`MTI must be four digits: "${message.mti}"`);
  const fields = maskIso8583Fields(message.fields);
  const numbers = Object.keys(fields)
    .map(Number)
    .filter((number) => fields[number] !== undefined)
    .sort((a, b) => a - b);
  for (const number of numbers) {
    if (!Number.isInteger(number) || number < 2 || number > 128) {
      throw new Iso8583Error(`No data element ${number} can be given (bitmaps are derived)`);
    }
  }
  const secondary = numbers.some((number) => number > 64);
  return (
    message.mti +
    bitmapHex(numbers, secondary) +
    numbers.map((number) => packField(number, fields[number] ?? '')).join('')
  );
}

function readBits(hex: string, offset: number): number[] {
  const present: number[] = [];
  for (let index = 0; index < hex.length; index += 1) {
    const value = Number.parseInt(hex[index] ?? '0', 16);
    for (let bit = 0; bit < 4; bit += 1) {
      if (value & (8 >> bit)) present.push(offset + index * 4 + bit + 1);
    }
  }
  return present;
}

/** Reads a message from its wire form; throws Iso8583Error saying where it stops making sense. */
export function unpackIso8583(wire: string): UnpackedIso8583 {
  let position = 0;
  const take = (count: number, what: string): string => {
    if (position + count > wire.length) {
      throw new Iso8583Error(`The message ends inside ${what} (at character ${position})`);
    }
    const part = wire.slice(position, position + count);
    position += count;
    return part;
  };
  const mti = take(4, 'the MTI');
  if (!MTI_PATTERN.test(mti)) throw new Iso8583Error(`MTI must be four digits: "${mti}"`);
  const readBitmap = (what: string) => {
    const hex = take(BITMAP_CHARS, what);
    if (!/^[0-9A-F]{16}$/i.test(hex)) throw new Iso8583Error(`The ${what} is not hexadecimal: "${hex}"`);
    return hex.toUpperCase();
  };
  const primary = readBitmap('primary bitmap');
  const present = readBits(primary, 0);
  const secondary = present.includes(1) ? readBitmap('secondary bitmap') : null;
  if (secondary !== null) present.push(...readBits(secondary, 64));

  const fields: UnpackedIso8583['fields'] = [];
  for (const number of present) {
    if (number === 1) continue;
    const definition = fieldDefinition(number);
    const what = `field ${number}`;
    let length = definition.length;
    if (definition.lengthType !== 'fixed') {
      const prefix = take(prefixDigits(definition), `the length of ${what}`);
      if (!/^\d+$/.test(prefix)) throw new Iso8583Error(`The length of ${what} is not a number: "${prefix}"`);
      length = Number(prefix);
      if (length > definition.length) {
        throw new Iso8583Error(`Field ${number} says ${length}, more than its maximum ${definition.length}`);
      }
    }
    const value = take(wireLength(definition, length), what);
    checkCharset(definition, value);
    fields.push({ number, value });
  }
  if (position !== wire.length) {
    throw new Iso8583Error(`${wire.length - position} characters follow the last field`);
  }
  return { mti, bitmap: { primary, secondary }, fields };
}

/** The wire text parsed, or undefined when it is not an ISO 8583 message. */
export function tryUnpackIso8583(wire: string): UnpackedIso8583 | undefined {
  try {
    return unpackIso8583(wire);
  } catch (error) {
    if (error instanceof Iso8583Error) return undefined;
    throw error;
  }
}

/**
 * The Luhn-valid card numbers standing alone in any field of a message (and in any EMV element
 * of DE 55, element by element). Fields are scanned one by one: on the wire they touch, and the
 * digits of neighbouring fields (or of a tag, its length and its value) would read as one number
 * that nothing holds.
 */
export function findCardNumbersInMessage(message: UnpackedIso8583): string[] {
  return message.fields.flatMap(({ number, value }) => {
    const elements = number === 55 ? readEmvElements(value) : undefined;
    const parts = elements === undefined ? [value] : elements.map((element) => element.value);
    return parts.flatMap(findCardNumbers);
  });
}
