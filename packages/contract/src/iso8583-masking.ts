import { MASKED_EMV_TAGS, readEmvElements, writeEmvElements } from './iso8583-emv.ts';

/**
 * Card data removed from a message before it is written anywhere: the PAN keeps its first 6 and
 * last 4 digits (PCI DSS 3.4), track data keeps only that masked PAN, and the PIN block and chip
 * cryptograms become `*` for each character they had, so their length still shows. Masking a
 * masked message changes nothing.
 */

const MASK = '*';
const PAN_KEPT_FIRST = 6;
const PAN_KEPT_LAST = 4;

export function maskPan(pan: string): string {
  if (pan.length <= PAN_KEPT_FIRST + PAN_KEPT_LAST) return MASK.repeat(pan.length);
  return (
    pan.slice(0, PAN_KEPT_FIRST) +
    MASK.repeat(pan.length - PAN_KEPT_FIRST - PAN_KEPT_LAST) +
    pan.slice(-PAN_KEPT_LAST)
  );
}

/** Track 2 (`PAN=YYMM…` or `PAN D YYMM…`) down to its masked PAN. */
function maskTrack2(track: string): string {
  return maskPan(track.split(/[=D]/)[0] ?? '');
}

/** Track 1 (`B` PAN `^` NAME `^` …) down to its masked PAN. */
function maskTrack1(track: string): string {
  const pan = track.replace(/^[A-Z]/, '').split('^')[0] ?? '';
  return maskPan(pan.replace(/\s/g, ''));
}

function maskAll(value: string): string {
  return MASK.repeat(value.length);
}

/** A constructed tag (a template such as 70 or 77) holds elements of its own. */
function isConstructed(tag: string): boolean {
  return (Number.parseInt(tag.slice(0, 2), 16) & 0x20) !== 0;
}

/**
 * DE 55 with the masked tags' values replaced, inside templates too; all of it (or of a template)
 * when it does not read as TLV.
 */
function maskIccData(hex: string): string {
  const elements = readEmvElements(hex);
  if (elements === undefined) return maskAll(hex);
  return writeEmvElements(
    elements.map(({ tag, value }) => ({
      tag,
      value: MASKED_EMV_TAGS.has(tag) ? maskAll(value) : isConstructed(tag) ? maskIccData(value) : value,
    })),
  );
}

const MASKS: Readonly<Record<number, (value: string) => string>> = {
  2: maskPan,
  34: maskPan,
  35: maskTrack2,
  36: maskAll,
  45: maskTrack1,
  52: maskAll,
  55: maskIccData,
};

export function maskIso8583Fields(
  fields: Readonly<Partial<Record<number, string>>>,
): Partial<Record<number, string>> {
  const masked: Partial<Record<number, string>> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const number = Number(key);
    masked[number] = MASKS[number]?.(value) ?? value;
  }
  return masked;
}

/** Luhn's check: what makes a digit string a plausible card number. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** 13 to 19 digits in a row standing alone: no digit either side (a letter may be: track data's "B4111…"). */
const STANDALONE_DIGITS = /(?<!\d)\d{13,19}(?!\d)/g;

/**
 * Groups of digits apart by white space of any kind (a no-break space or a tab pasted from a
 * spreadsheet), dashes (a word processor's en and em dashes and minus sign too), dots, slashes or
 * plus signs, as a card number is written by hand ("4111 1111-1111.1111"; "4111+1111…" in an
 * address), or by the invisible characters a copy can carry (zero-width spaces and joiners, soft
 * hyphens), standing alone as a word: no letter or digit either side, so the digit groups of a
 * uuid's hex are not one. Not commas: a list of ids ("1001,1002,1003,1004") would pass Luhn one
 * time in ten.
 */
const DIGIT_GROUPS =
  /(?<![\dA-Za-z])\d+(?:[\s./+\-\u2010-\u2015\u2212\u00ad\u200b-\u200d\u2060]+\d+)+(?![\dA-Za-z])/g;
/** A card's printed groups hold 3 to 6 digits (4-4-4-4, 4-6-5, 4-4-4-4-3): a date's "03" is none. */
const CARD_GROUP = /^\d{3,6}$/;

/** Full-width (typed with an input method) and Arabic-Indic digits, each read as its ASCII digit. */
const OTHER_DIGITS = /[\uFF10-\uFF19\u0660-\u0669\u06F0-\u06F9]/g;
const OTHER_DIGIT_ZEROS = [0xff10, 0x0660, 0x06f0];

function asciiDigitsOf(text: string): string {
  return text.replace(OTHER_DIGITS, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = OTHER_DIGIT_ZEROS.find((first) => code >= first && code <= first + 9) ?? code;
    return String(code - zero);
  });
}

/** A run of escapes in an address ("%EF%BC%94", "%C2%A0"): read as the UTF-8 text it encodes. */
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/y;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

function utf8LengthOf(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/** A text as it is read for card numbers, and where in the text each of its characters came from. */
interface PlainText {
  text: string;
  from: number[];
  to: number[];
}

/**
 * The text with its escapes decoded, so an escaped space, no-break space or full-width digit reads
 * as what it encodes ("4111%C2%A01111…"); bytes that are no UTF-8 read as what no card runs into.
 */
function plainOf(text: string): PlainText {
  const plain: PlainText = { text: '', from: [], to: [] };
  const add = (char: string, start: number, end: number) => {
    const read = asciiDigitsOf(char);
    plain.text += read;
    for (let unit = 0; unit < read.length; unit += 1) {
      plain.from.push(start);
      plain.to.push(end);
    }
  };
  let index = 0;
  while (index < text.length) {
    ESCAPE_RUN.lastIndex = index;
    const run = ESCAPE_RUN.exec(text)?.[0];
    if (run === undefined) {
      add(text.charAt(index), index, index + 1);
      index += 1;
      continue;
    }
    const bytes = Uint8Array.from(run.match(/%../g) ?? [], (escape) => Number.parseInt(escape.slice(1), 16));
    let decoded: string | undefined;
    try {
      decoded = UTF8.decode(bytes);
    } catch {
      decoded = undefined;
    }
    if (decoded === undefined) {
      bytes.forEach((byte, at) => {
        add(byte < 0x80 ? String.fromCharCode(byte) : '\0', index + 3 * at, index + 3 * at + 3);
      });
    } else {
      let offset = index;
      for (const char of decoded) {
        const span = 3 * utf8LengthOf(char.codePointAt(0) ?? 0);
        add(char, offset, offset + span);
        offset += span;
      }
    }
    index += run.length;
  }
  return plain;
}

interface CardNumberAt {
  digits: string;
  start: number;
  end: number;
}

/** The first Luhn-valid 13 to 19 digits of whole card-like groups in a run of digit groups. */
function cardNumberIn(run: string, runStart: number): CardNumberAt | undefined {
  const groups = [...run.matchAll(/\d+/g)];
  for (let first = 0; first < groups.length; first += 1) {
    let digits = '';
    for (let last = first; last < groups.length; last += 1) {
      const group = groups[last];
      if (group === undefined || !CARD_GROUP.test(group[0])) break;
      digits += group[0];
      if (digits.length > 19) break;
      if (digits.length >= 13 && isLuhnValid(digits)) {
        const start = runStart + (groups[first]?.index ?? 0);
        return { digits, start, end: runStart + group.index + group[0].length };
      }
    }
  }
  return undefined;
}

/** Where the card numbers in a text are, read with its escapes decoded (plainOf). */
function cardNumbersAt(text: string): CardNumberAt[] {
  const plain = plainOf(text);
  const whole = [...plain.text.matchAll(STANDALONE_DIGITS)]
    .filter((match) => isLuhnValid(match[0]))
    .map((match) => ({ digits: match[0], start: match.index, end: match.index + match[0].length }));
  const grouped = [...plain.text.matchAll(DIGIT_GROUPS)].flatMap(
    (match) => cardNumberIn(match[0], match.index) ?? [],
  );
  return [...whole, ...grouped]
    .sort((one, other) => one.start - other.start)
    .map((card) => ({
      digits: card.digits,
      start: plain.from[card.start] ?? 0,
      end: plain.to[card.end - 1] ?? 0,
    }));
}

/**
 * Every card number in a text: a Luhn-valid 13 to 19 digits standing alone, written whole or in
 * groups apart by separators (DIGIT_GROUPS). Returned as its digits.
 */
export function findCardNumbers(text: string): string[] {
  return cardNumbersAt(text).map((card) => card.digits);
}

/** Whether a text holds a whole card number, which is never searched for nor kept in an address. */
export function holdsCardNumber(text: string): boolean {
  return cardNumbersAt(text).length > 0;
}

/** A text fit for a log: each card number in it (as findCardNumbers finds them) masked. */
export function maskCardNumbers(text: string): string {
  let masked = '';
  let from = 0;
  for (const card of cardNumbersAt(text)) {
    masked += text.slice(from, card.start) + maskPan(card.digits);
    from = card.end;
  }
  return masked + text.slice(from);
}
