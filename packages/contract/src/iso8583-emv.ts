/** The chip card (EMV) data of DE 55 as BER-TLV: tags, their names, and reading them. */

export const EMV_TAG_NAMES: Readonly<Record<string, string>> = {
  '56': 'Track 1 equivalent data',
  '57': 'Track 2 equivalent data',
  '5A': 'Application PAN',
  '5F20': 'Cardholder name',
  '5F24': 'Application expiration date',
  '5F2A': 'Transaction currency code',
  '5F34': 'PAN sequence number',
  '82': 'Application interchange profile',
  '84': 'Dedicated file name',
  '91': 'Issuer authentication data',
  '95': 'Terminal verification results',
  '9A': 'Transaction date',
  '9C': 'Transaction type',
  '9F02': 'Amount, authorised',
  '9F03': 'Amount, other',
  '9F10': 'Issuer application data',
  '9F1A': 'Terminal country code',
  '9F1F': 'Track 1 discretionary data',
  '9F20': 'Track 2 discretionary data',
  '9F26': 'Application cryptogram',
  '9F27': 'Cryptogram information data',
  '9F33': 'Terminal capabilities',
  '9F34': 'Cardholder verification method results',
  '9F35': 'Terminal type',
  '9F36': 'Application transaction counter',
  '9F37': 'Unpredictable number',
  '9F6B': 'Track 2 data',
};

/**
 * Tags whose value is never stored: the cryptograms (9F26, 9F10, 91) and whatever repeats the
 * card's number, tracks or holder (5A, 56, 57, 5F20, 9F1F, 9F20, 9F6B).
 */
export const MASKED_EMV_TAGS: ReadonlySet<string> = new Set([
  '9F26',
  '9F10',
  '91',
  '5A',
  '56',
  '57',
  '5F20',
  '9F1F',
  '9F20',
  '9F6B',
]);

export interface EmvElement {
  tag: string;
  /** Bytes. */
  length: number;
  /** Hexadecimal, `*` for each masked character. */
  value: string;
}

/** The elements of a BER-TLV hexadecimal text, or undefined when it does not read as one. */
export function readEmvElements(hex: string): EmvElement[] | undefined {
  const elements: EmvElement[] = [];
  let position = 0;
  const byte = (): number | undefined => {
    const pair = hex.slice(position, position + 2);
    if (!/^[0-9A-F]{2}$/i.test(pair)) return undefined;
    position += 2;
    return Number.parseInt(pair, 16);
  };
  while (position < hex.length) {
    const start = position;
    let first = byte();
    if (first === undefined) return undefined;
    // A tag's low five bits all set: more tag bytes follow while their top bit is set.
    if ((first & 0x1f) === 0x1f) {
      do {
        first = byte();
        if (first === undefined) return undefined;
      } while (first & 0x80);
    }
    const tag = hex.slice(start, position).toUpperCase();
    let length = byte();
    if (length === undefined) return undefined;
    if (length & 0x80) {
      const count = length & 0x7f;
      if (count === 0 || count > 2) return undefined;
      length = 0;
      for (let index = 0; index < count; index += 1) {
        const next = byte();
        if (next === undefined) return undefined;
        length = length * 256 + next;
      }
    }
    const value = hex.slice(position, position + length * 2);
    if (value.length !== length * 2) return undefined;
    position += length * 2;
    elements.push({ tag, length, value: value.toUpperCase() });
  }
  return elements;
}

function encodeLength(length: number): string {
  const hex = (value: number, digits: number) => value.toString(16).toUpperCase().padStart(digits, '0');
  if (length < 0x80) return hex(length, 2);
  return length < 0x100 ? `81${hex(length, 2)}` : `82${hex(length, 4)}`;
}

export function writeEmvElements(elements: ReadonlyArray<{ tag: string; value: string }>): string {
  return elements
    .map(({ tag, value }) => `${tag.toUpperCase()}${encodeLength(value.length / 2)}${value.toUpperCase()}`)
    .join('');
}
