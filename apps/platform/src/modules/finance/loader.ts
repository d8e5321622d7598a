import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import type { FieldType } from '@web-control/contract/finance';
import {
  FILE_LIMIT_REASONS,
  FINANCE_KEY_MAX_BYTES,
  FINANCE_LINE_MAX_BYTES,
  FINANCE_REASON_MAX_BYTES,
  lineLimitProblem,
  storableText,
} from './file-limits.ts';
import type { ProcessDefinitionRow } from './process-repository.ts';

/** One row of a party's file as read: a record, or an exception with why it was refused. */
export type ReadRow =
  { line: number; record: ParsedRecord } | { line: number; exception: { reason: string; raw: string } };

export interface ParsedRecord {
  matchKey: string;
  fields: Record<string, string>;
}

/** A long parse gives the event loop a turn this often, so other requests are served meanwhile. */
const ROWS_PER_TURN = 100;
/**
 * What the parser is handed at a time. csv-parse reads a whole piece before the rows are taken:
 * a stored chunk (1 MiB, some 30,000 rows) held the event loop for over 100 ms, and every
 * request waited behind it.
 */
const PARSE_PIECE_BYTES = 16 * 1024;

async function* inPieces(content: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of content) {
    for (let at = 0; at < chunk.length; at += PARSE_PIECE_BYTES) {
      yield chunk.subarray(at, at + PARSE_PIECE_BYTES);
    }
  }
}

const INTEGRAL_PATTERN = /^-?\d{1,18}$/;
// A date, optionally with a time and a zone: what the parties' feeds write.
const DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function typeProblem(type: FieldType, value: string): string | undefined {
  if (type === 'INTEGRAL' && !INTEGRAL_PATTERN.test(value)) {
    return 'is not a whole number';
  }
  if (type === 'DATETIME' && (!DATETIME_PATTERN.test(value) || Number.isNaN(Date.parse(value)))) {
    return 'is not a date';
  }
  return undefined;
}

/** An exception as the database can hold it, whatever the file held. */
function exceptionOf(line: number, reason: string, raw: string): ReadRow {
  return {
    line,
    exception: {
      reason: storableText(reason, FINANCE_REASON_MAX_BYTES),
      raw: storableText(raw, FINANCE_LINE_MAX_BYTES),
    },
  };
}

/**
 * Reads a party's CSV file (a header row, then one row per record) as it streams, with csv-parse,
 * and checks each row against the file limits and the process fields. Good rows become records;
 * every other row is an exception with its line, the reason and its text. A header that lacks a
 * column makes the whole file one exception; so does an empty file.
 */
export async function* readPartyFile(
  content: AsyncIterable<Buffer>,
  process: ProcessDefinitionRow,
  partyId: number,
): AsyncGenerator<ReadRow> {
  const party = process.parties.find((candidate) => candidate.id === partyId);
  if (party === undefined) {
    throw new Error(`Party ${partyId} is not part of process ${process.id}`);
  }
  // Rows the parser could not read at all, handed over before the next row it could.
  let skipped: ReadRow[] = [];
  const parser = Readable.from(inPieces(content)).pipe(
    parse({
      raw: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (error, raw) => {
        const line = typeof error?.lines === 'number' ? error.lines : 0;
        skipped.push(exceptionOf(line, error?.message ?? 'Unreadable row', raw ?? ''));
        return undefined;
      },
    }),
  );
  const keyFields = process.fields.filter((field) => field.key);
  let header: string[] | undefined;
  // Each field's column in the file, found once from the header rather than for every row.
  let columns: Array<[field: string, index: number]> = [];
  for await (const item of parser as AsyncIterable<{
    record: string[];
    raw: string;
    info: { lines: number };
  }>) {
    const line = item.info.lines;
    if (line % ROWS_PER_TURN === 0) {
      await nextTurn();
    }
    const raw = () => item.raw.replace(/\r?\n$/, '');
    const limitProblem = lineLimitProblem(item.raw, item.record, header ?? item.record);
    if (header === undefined) {
      if (limitProblem !== undefined) {
        parser.destroy();
        yield exceptionOf(line, limitProblem, raw());
        return;
      }
      header = item.record.map((name) => name.trim());
      const missing = Object.keys(party.columns).filter((column) => !header?.includes(column));
      if (missing.length > 0) {
        // Without the columns no row can be read: the whole file is one exception.
        parser.destroy();
        yield exceptionOf(line, `Missing column(s): ${missing.join(', ')}`, raw());
        return;
      }
      const columnOf = new Map(header.map((name, index) => [name, index]));
      columns = Object.entries(party.columns).map(([column, field]) => [field, columnOf.get(column) ?? -1]);
      continue;
    }
    if (skipped.length > 0) {
      yield* skipped;
      skipped = [];
    }
    if (limitProblem !== undefined) {
      yield exceptionOf(line, limitProblem, raw());
      continue;
    }
    if (item.record.length !== header.length) {
      yield exceptionOf(line, `Expected ${header.length} columns, found ${item.record.length}`, raw());
      continue;
    }
    const fields: Record<string, string> = {};
    for (const [field, index] of columns) {
      fields[field] = (item.record[index] ?? '').trim();
    }
    const problems: string[] = [];
    for (const field of process.fields) {
      const value = fields[field.name];
      if (value === undefined || (value === '' && !field.key)) {
        continue;
      }
      const problem = value === '' ? 'is empty' : typeProblem(field.type, value);
      if (problem !== undefined) {
        problems.push(`${field.name} ${problem}`);
      }
    }
    const matchKey = JSON.stringify(keyFields.map((field) => fields[field.name] ?? ''));
    if (Buffer.byteLength(matchKey, 'utf8') > FINANCE_KEY_MAX_BYTES) {
      problems.push(FILE_LIMIT_REASONS.keyTooLong);
    }
    if (problems.length > 0) {
      yield exceptionOf(line, problems.join('; '), raw());
      continue;
    }
    yield { line, record: { matchKey, fields } };
  }
  yield* skipped;
  if (header === undefined) {
    yield exceptionOf(1, 'The file is empty', '');
  }
}
