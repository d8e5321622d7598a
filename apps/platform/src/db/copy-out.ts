import type { CompiledQuery } from 'kysely';
import pg from 'pg';

/** PostgreSQL's binary COPY signature (11 bytes), then the flags and the header extension's length. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;

/**
 * The query with its parameters written in as literals: COPY takes no parameters. Strings are
 * quoted by pg's own escapeLiteral; anything but strings, numbers and booleans is refused.
 */
export function inlineParameters(query: CompiledQuery): string {
  return query.sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value: unknown = query.parameters[Number(index) - 1];
    if (typeof value === 'string') return pg.escapeLiteral(value);
    if (typeof value === 'number' || typeof value === 'bigint') return `(${value.toString()})`;
    if (typeof value === 'boolean') return String(value);
    throw new Error(`Parameter $${index} cannot be written into a COPY statement`);
  });
}

/**
 * The values of a one-column `COPY … TO STDOUT WITH (FORMAT binary)` of text, back to back: a
 * text value's binary form is its bytes, so only the framing (a field count and a length before
 * each value) is taken off, and no byte is looked at or escaped on the way.
 */
export async function* binaryTextValues(
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
): AsyncGenerator<Buffer> {
  let pending: Buffer = Buffer.alloc(0);
  let headerRead = false;
  let ended = false;
  for await (const chunk of chunks) {
    const buffer = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let at = 0;
    if (!headerRead) {
      if (buffer.length < HEADER_BYTES) {
        pending = buffer;
        continue;
      }
      if (!buffer.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('Not a binary COPY');
      const extension = buffer.readUInt32BE(SIGNATURE.length + 4);
      if (buffer.length < HEADER_BYTES + extension) {
        pending = buffer;
        continue;
      }
      at = HEADER_BYTES + extension;
      headerRead = true;
    }
    // The values are copied together into one buffer: no object per row.
    const values = Buffer.allocUnsafe(buffer.length - at);
    let written = 0;
    while (!ended && buffer.length - at >= 2) {
      const fields = buffer.readInt16BE(at);
      if (fields === -1) {
        ended = true;
        at += 2;
        break;
      }
      if (fields !== 1) throw new Error(`A binary COPY row of ${fields.toString()} columns, not one`);
      if (buffer.length - at < 6) break;
      const length = buffer.readInt32BE(at + 2);
      // A null value (-1) is written as nothing.
      const end = at + 6 + Math.max(length, 0);
      if (buffer.length < end) break;
      written += buffer.copy(values, written, at + 6, end);
      at = end;
    }
    pending = buffer.subarray(at);
    if (written > 0) yield values.subarray(0, written);
  }
  if (!ended) throw new Error('The binary COPY ended before its trailer');
}
