import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../testing/test-database.ts';
import type { DatabaseHandle } from './connection.ts';
import { binaryTextValues, inlineParameters } from './copy-out.ts';

/** Lines with what a CSV may hold: quotes, commas, line breaks, backslashes, tabs, non-ASCII. */
const QUERY = CompiledQuery.raw(
  `select 'row ' || g || ',"q"' || chr(92) || chr(9) || 'é€😀' || case when g % 3 = 0 then E'\\n' else '' end
     || $1 || E'\\r\\n' as line
   from generate_series(1, $2) g order by g`,
  ["'quoted' $1", 2500],
);

function expected(rows: number): string {
  let text = '';
  for (let g = 1; g <= rows; g += 1) {
    text += `row ${g.toString()},"q"\\\té€😀${g % 3 === 0 ? '\n' : ''}'quoted' $1\r\n`;
  }
  return text;
}

async function read(chunks: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

describe('binaryTextValues', () => {
  /** PostgreSQL's binary COPY of the values 'ab' and '' and a null, as it frames them. */
  const copy = Buffer.concat([
    Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'),
    Buffer.from([0, 0, 0, 0, 0, 0, 0, 0]),
    Buffer.from([0, 1, 0, 0, 0, 2, 0x61, 0x62]),
    Buffer.from([0, 1, 0, 0, 0, 0]),
    Buffer.from([0, 1, 0xff, 0xff, 0xff, 0xff]),
    Buffer.from([0xff, 0xff]),
  ]);

  it('gives the values back to back however the stream is cut', async () => {
    for (let size = 1; size <= copy.length; size += 1) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < copy.length; at += size) chunks.push(copy.subarray(at, at + size));
      expect(await read(binaryTextValues(chunks))).toBe('ab');
    }
  });

  it('refuses a stream cut before its trailer, and rows of several columns', async () => {
    await expect(read(binaryTextValues([copy.subarray(0, copy.length - 2)]))).rejects.toThrow(
      'The binary COPY ended before its trailer',
    );
    const twoColumns = Buffer.concat([copy.subarray(0, 19), Buffer.from([0, 2])]);
    await expect(read(binaryTextValues([twoColumns]))).rejects.toThrow('A binary COPY row of 2 columns');
  });
});

describe('inlineParameters', () => {
  it('writes strings as quoted literals and numbers as they are', () => {
    expect(
      inlineParameters(CompiledQuery.raw('select $1, $2, $10', ["it's", 7, 1, 2, 3, 4, 5, 6, 7, true])),
    ).toBe("select 'it''s', (7), true");
    expect(() => inlineParameters(CompiledQuery.raw('select $1', [new Date(0)]))).toThrow(
      'Parameter $1 cannot be written into a COPY statement',
    );
  });
});

describe.each(TEST_DATABASE_KINDS)('copyOut on %s', (kind) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });

  afterAll(async () => {
    await database.close();
  });

  it('streams every row of a query of one text column, byte for byte, in its order', async () => {
    expect(await read(database.copyOut(QUERY))).toBe(expected(2500));
  });

  it('leaves the database usable when the reader stops midway', async () => {
    for await (const chunk of database.copyOut(QUERY)) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
    expect(await read(database.copyOut(QUERY))).toBe(expected(2500));
  });
});
