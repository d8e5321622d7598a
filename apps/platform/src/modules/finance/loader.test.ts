import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readPartyFile, type ReadRow } from './loader.ts';
import type { ProcessDefinitionRow } from './process-repository.ts';

const PROCESS: ProcessDefinitionRow = {
  id: 2,
  name: 'eft',
  displayName: 'EFT',
  parties: [
    {
      id: 1,
      name: 'Switch',
      filePattern: 'eft-switch-*.csv',
      columns: { reference: 'reference', amount: 'amount' },
    },
  ],
  fields: [
    { name: 'reference', displayName: 'Reference', type: 'TEXT', reconcilable: true, key: true, money: null },
    { name: 'amount', displayName: 'Amount', type: 'INTEGRAL', reconcilable: true, key: false, money: null },
  ],
};

async function readAll(chunks: Iterable<Buffer> | AsyncIterable<Buffer>): Promise<ReadRow[]> {
  const rows: ReadRow[] = [];
  for await (const batch of readPartyFile(Readable.from(chunks), PROCESS, 1)) rows.push(...batch);
  return rows;
}

describe('readPartyFile', () => {
  it('reads a stored chunk of tens of thousands of rows whole, a character of three bytes cut anywhere', async () => {
    // "€" is three bytes in UTF-8: the stored chunks are cut after the first of them, and with one
    // on every line the pieces the parser is handed cut through them too.
    const lines = ['reference,amount'];
    for (let index = 1; index <= 80_000; index += 1) lines.push(`€${index.toString()},${index.toString()}`);
    const file = Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
    const storedChunk = file.indexOf('€', 1024 * 1024) + 1;
    const chunks = [];
    for (let at = 0; at < file.length; at += storedChunk) chunks.push(file.subarray(at, at + storedChunk));
    expect(chunks).toHaveLength(2);

    const rows = await readAll(chunks);

    expect(rows).toHaveLength(80_000);
    expect(rows.filter((row) => 'exception' in row)).toEqual([]);
    expect(rows[0]).toEqual({
      line: 2,
      record: { matchKey: '["€1"]', fields: { reference: '€1', amount: '1' } },
    });
    expect(rows.at(-1)).toEqual({
      line: 80_001,
      record: { matchKey: '["€80000"]', fields: { reference: '€80000', amount: '80000' } },
    });
    const references = rows.map((row) => ('record' in row ? row.record.fields.reference : row.exception.raw));
    expect(references.every((reference, index) => reference === `€${(index + 1).toString()}`)).toBe(true);
  });

  it('fails the reading with the error of a stored chunk that cannot be read, thrown at no one else', async () => {
    function* storedChunks() {
      yield Buffer.from('reference,amount\nA1,1\nA2,2\n', 'utf8');
      throw new Error('The database is gone');
    }
    // Piped, the error went to no listener: an uncaught exception that ended the platform.
    await expect(readAll(storedChunks())).rejects.toThrow('The database is gone');
  });
});

describe('readPartyFile, line numbers', () => {
  it('numbers the rows after a quoted cell holding a CRLF by the lines of the file, in file order and in the reasons too', async () => {
    const file = 'reference,amount\r\n"A\r\n1",1\r\nA2,x\r\n"A\r\n3",3,9\r\nA4,y\r\nA5,"x"y\r\n';
    const rows = await readAll([Buffer.from(file, 'utf8')]);
    const lines = rows.map((row) =>
      'record' in row ? { line: row.line } : { line: row.line, reason: row.exception.reason },
    );
    // A row ends on the line of its last line break, as csv-parse numbers it.
    expect(lines).toEqual([
      { line: 3 },
      { line: 4, reason: 'amount is not a whole number' },
      { line: 6, reason: 'Expected 2 columns, found 3' },
      { line: 7, reason: 'amount is not a whole number' },
      {
        line: 8,
        reason:
          'Invalid Closing Quote: got "y" at line 8 instead of delimiter, record delimiter, trimable character (if activated) or comment',
      },
      // After a bad quote csv-parse reads to the end of the file as one unclosed cell.
      { line: 9, reason: 'Quote Not Closed: the parsing is finished with an opening quote at line 9' },
    ]);
  });
});

describe('readPartyFile, dates', () => {
  const [party] = PROCESS.parties;
  const [reference] = PROCESS.fields;
  if (party === undefined || reference === undefined) throw new Error('PROCESS has a party and a field');
  const DATED: ProcessDefinitionRow = {
    ...PROCESS,
    parties: [{ ...party, columns: { reference: 'reference', postedAt: 'postedAt' } }],
    fields: [
      reference,
      {
        name: 'postedAt',
        displayName: 'Posted',
        type: 'DATETIME',
        reconcilable: true,
        key: false,
        money: null,
      },
    ],
  };

  it('takes each date the database reads, and makes any other one row’s exception, never the load’s failure', async () => {
    const dates = {
      '2025-06-19': undefined,
      '2025-06-19 10:00': undefined,
      '2025-06-19T10:00:00.123456+0200': undefined,
      '2024-02-29T23:59:59Z': undefined,
      '2025-06-19T10:00:00-15:59': undefined,
      '2025-02-30T00:00:00Z': 'postedAt is not a date that exists on the calendar',
      '2025-04-31': 'postedAt is not a date that exists on the calendar',
      '2025-06-19T24:00:00Z': undefined,
      '2025-06-19T10:30:60Z': undefined,
      '2025-06-19T24:00:01Z': 'postedAt is not a date that exists on the calendar',
      '2025-06-19T23:59:60.5Z': 'postedAt is not a date that exists on the calendar',
      '2025-02-30T24:00:00Z': 'postedAt is not a date that exists on the calendar',
      '0000-01-01': 'postedAt is not a date from the year 1 to 9999',
      '9999-12-31T23:00:00-05:00': 'postedAt is not a date from the year 1 to 9999',
      '2025-06-19T10:00:00+16:00': 'postedAt is not a date',
      '19/06/2025': 'postedAt is not a date',
    };
    const lines = Object.keys(dates).map((date, index) => `R${index.toString()},${date}`);
    const file = Buffer.from(`reference,postedAt\n${lines.join('\n')}\n`, 'utf8');
    const rows: ReadRow[] = [];
    for await (const batch of readPartyFile(Readable.from([file]), DATED, 1)) rows.push(...batch);
    expect(rows.map((row) => ('exception' in row ? row.exception.reason : undefined))).toEqual(
      Object.values(dates),
    );
  });
});
