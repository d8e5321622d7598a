import { isUtf8 } from 'node:buffer';

/** An uploaded file read as UTF-8 text, or where it stops being UTF-8. */
export type Utf8Text = { ok: true; text: string } | { ok: false; offset: number };

export const NOT_UTF8_MESSAGE = (offset: number) =>
  `The file is not valid UTF-8 text (byte ${offset} is not part of a UTF-8 character).`;

const REPLACEMENT = '\uFFFD';
const REPLACEMENT_BYTES = Buffer.from(REPLACEMENT, 'utf8');
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * The 0-based offset of the first byte that is not UTF-8, or undefined when all of it is. Every
 * upload of text checks its bytes with this (or decodeUtf8).
 */
export function nonUtf8Offset(bytes: Buffer): number | undefined {
  if (isUtf8(bytes)) {
    return undefined;
  }
  // The lenient decoder turns the first bad byte into U+FFFD; one that stands for itself in the
  // file (EF BF BD) is skipped. The text before it re-encodes to exactly the bytes before it.
  const decoded = bytes.toString('utf8');
  let index = decoded.indexOf(REPLACEMENT);
  while (index !== -1) {
    const offset = Buffer.byteLength(decoded.slice(0, index), 'utf8');
    if (!bytes.subarray(offset, offset + REPLACEMENT_BYTES.length).equals(REPLACEMENT_BYTES)) {
      return offset;
    }
    index = decoded.indexOf(REPLACEMENT, index + 1);
  }
  return undefined;
}

/** Decodes an uploaded file as UTF-8, a leading byte order mark dropped. */
export function decodeUtf8(bytes: Buffer): Utf8Text {
  const offset = nonUtf8Offset(bytes);
  if (offset !== undefined) {
    return { ok: false, offset };
  }
  const text = bytes.toString('utf8');
  return { ok: true, text: text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text };
}
