import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from './utf8.ts';

describe('decodeUtf8', () => {
  it('reads UTF-8 text, without its byte order mark', () => {
    expect(decodeUtf8(Buffer.from('\uFEFFkey,välue\n€,\uFFFD', 'utf8'))).toEqual({
      ok: true,
      text: 'key,välue\n€,\uFFFD',
    });
  });

  it('names the offset of the first byte that is not UTF-8', () => {
    const cases: Array<[number[], number]> = [
      [[0x61, 0xff, 0x62], 1],
      // A replacement character written in the file is text, not the fault.
      [[0xef, 0xbf, 0xbd, 0x61, 0xc3], 4],
      // A character cut short, and an encoded surrogate.
      [[0x61, 0x62, 0xe2, 0x82, 0x41], 2],
      [[0xed, 0xa0, 0x80], 0],
      // Gzip's magic bytes: a compressed file is not text.
      [[0x1f, 0x8b, 0x08, 0x00], 1],
    ];
    for (const [bytes, offset] of cases) {
      expect(decodeUtf8(Buffer.from(bytes)), bytes.join(' ')).toEqual({ ok: false, offset });
    }
  });
});
