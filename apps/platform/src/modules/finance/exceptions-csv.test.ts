import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { exceptionsCsvOf, exceptionsCsvSql } from './exceptions-csv.ts';

describe.each(TEST_DATABASE_KINDS)('a file’s exceptions as CSV on %s', (kind) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  async function fileWith(exceptions: Array<{ line: number; reason: string; raw: string }>): Promise<number> {
    const file = await database.db
      .insertInto('recon_files')
      .values({
        process_id: 1,
        party_id: 1,
        file_name: `card-switch-${String(exceptions.length)}.csv`,
        sha256: String(exceptions.length).padStart(64, '0'),
        size_bytes: 1,
        status: 'ERROR',
        created_at: new Date('2026-03-01T00:00:00Z'),
      })
      .returning('file_id')
      .executeTakeFirstOrThrow();
    if (exceptions.length > 0) {
      await database.db
        .insertInto('recon_exceptions')
        .values(exceptions.map((exception) => ({ file_id: file.file_id, ...exception })))
        .execute();
    }
    return file.file_id;
  }

  async function downloaded(fileId: number, span: number): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of exceptionsCsvOf(database.db, fileId, span)) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function extract(fileId: number): Promise<string> {
    const result = await sql<{ content: Buffer }>`select ${exceptionsCsvSql(fileId)} as content`.execute(
      database.db,
    );
    return Buffer.from(result.rows[0]?.content ?? []).toString('utf8');
  }

  it('writes every line in order across spans of line numbers, the unreadable line 0 and a repeated line included', async () => {
    const fileId = await fileWith([
      { line: 9, reason: 'amount is not a whole number', raw: 'A9,x,USD' },
      { line: 0, reason: 'Invalid Record Length', raw: 'broken' },
      { line: 2, reason: 'amount is "odd"', raw: '=cmd,1,USD' },
      { line: 2, reason: 'date is not a date', raw: '+B2,1,USD' },
      { line: 4, reason: 'Expected 3 columns, found 2', raw: 'C4,2\r' },
    ]);
    const expected =
      'line,reason,row\n' +
      '0,"Invalid Record Length","broken"\n' +
      `2,"amount is ""odd""","'=cmd,1,USD"\n` +
      `2,"date is not a date","'+B2,1,USD"\n` +
      '4,"Expected 3 columns, found 2","C4,2\r"\n' +
      '9,"amount is not a whole number","A9,x,USD"\n';
    // Spans of 2 line numbers: 0 alone at the start, 2 twice in one span, 5 to 8 empty. The two
    // exceptions of line 2 may come in either order.
    for (const text of [await downloaded(fileId, 2), await extract(fileId)]) {
      expect(text.startsWith('line,reason,row\n')).toBe(true);
      expect(text.split('\n').sort()).toEqual(expected.split('\n').sort());
      const numbers = text
        .split('\n')
        .slice(1, -1)
        .map((line) => Number(line.split(',')[0]));
      expect(numbers).toEqual([0, 2, 2, 4, 9]);
    }
  });

  it('is the header alone for a file with no exception', async () => {
    const fileId = await fileWith([]);
    expect(await downloaded(fileId, 10_000)).toBe('line,reason,row\n');
    expect(await extract(fileId)).toBe('line,reason,row\n');
  });
});
