import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { nonUtf8Offset } from '../../utf8.ts';

/** Bytes of a stored file a row of recon_file_chunks holds (and a load reads at a time). */
export const FILE_CHUNK_BYTES = 1024 * 1024;

const NEWLINE = 0x0a;

/** A file's bytes as they are stored: read again from where they wait, never held whole. */
export interface FileContent {
  sha256: string;
  size: number;
  /** Lines after the header: what the file's load reads towards. */
  recordsTotal: number;
  /** The offset of the first byte that is not UTF-8, if any. */
  notUtf8At: number | undefined;
  chunks: () => AsyncIterable<Buffer> | Iterable<Buffer>;
}

/** How many bytes of `data` end on a whole UTF-8 character (the rest waits for the next chunk). */
function wholeCharacters(data: Buffer): number {
  for (let index = data.length - 1; index >= Math.max(0, data.length - 3); index -= 1) {
    const byte = data[index] ?? 0;
    if ((byte & 0xc0) === 0x80) continue;
    if (byte < 0xc0) return data.length;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    return data.length - index < length ? index : data.length;
  }
  return data.length;
}

/** Digest, size, lines and UTF-8 check of a file, fed chunk by chunk. */
function createScan() {
  const hash = createHash('sha256');
  let size = 0;
  let newlines = 0;
  let last = NEWLINE;
  let carry = Buffer.alloc(0);
  let checked = 0;
  let notUtf8At: number | undefined;
  return {
    push(chunk: Buffer): void {
      hash.update(chunk);
      size += chunk.length;
      for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) newlines += 1;
      if (chunk.length > 0) last = chunk[chunk.length - 1] ?? NEWLINE;
      if (notUtf8At !== undefined) return;
      const data = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
      const whole = wholeCharacters(data);
      const bad = nonUtf8Offset(data.subarray(0, whole));
      if (bad !== undefined) notUtf8At = checked + bad;
      checked += whole;
      carry = Buffer.from(data.subarray(whole));
    },
    end(chunks: FileContent['chunks']): FileContent {
      if (notUtf8At === undefined && carry.length > 0) {
        notUtf8At = checked + (nonUtf8Offset(carry) ?? 0);
      }
      const lines = newlines + (last === NEWLINE ? 0 : 1);
      return { sha256: hash.digest('hex'), size, recordsTotal: Math.max(0, lines - 1), notUtf8At, chunks };
    },
  };
}

/** A file already in memory (a feed's), in chunks of FILE_CHUNK_BYTES. */
export function contentOf(bytes: Buffer): FileContent {
  const scan = createScan();
  scan.push(bytes);
  return scan.end(function* () {
    for (let start = 0; start < bytes.length; start += FILE_CHUNK_BYTES) {
      yield bytes.subarray(start, start + FILE_CHUNK_BYTES);
    }
  });
}

/**
 * Streams an upload into a temporary file, scanning it on the way; `tooLarge` is thrown past
 * maxBytes. The caller removes the file with `discard` once the request is answered.
 */
export async function spoolUpload(
  payload: AsyncIterable<Buffer>,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<{ content: FileContent; discard: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'web-control-upload-'));
  const discard = () => rm(folder, { recursive: true, force: true });
  const file = path.join(folder, 'upload');
  const scan = createScan();
  let size = 0;
  try {
    await pipeline(
      Readable.from(payload),
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) {
            done(tooLarge());
            return;
          }
          scan.push(chunk);
          done(null, chunk);
        },
      }),
      createWriteStream(file),
    );
  } catch (error) {
    await discard();
    throw error;
  }
  const content = scan.end(() => createReadStream(file, { highWaterMark: FILE_CHUNK_BYTES }));
  return { content, discard };
}
