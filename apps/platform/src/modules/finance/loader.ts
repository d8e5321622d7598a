import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import type { FieldType } from '@web-control/contract/finance';
import {
  EARLIEST_YEAR,
  instantOf,
  isStorableInstant,
  LATEST_YEAR,
  offsetMinutesOf,
} from '@web-control/contract/inputs';
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

/**
 * A stream's items a batch at a time, each what the stream holds when it is read: no promise per
 * item, where the stream's own iterator and a generator over it made two per row, a third of a
 * million rows' reading (decision 0050).
 */
async function* batchesOf<T>(stream: Readable): AsyncGenerator<T[]> {
  const ended = finished(stream, { writable: false });
  // Set when the stream has ended or failed, outside this loop's view.
  const state = { settled: false };
  const settle = () => {
    state.settled = true;
  };
  ended.then(settle, settle);
  try {
    for (;;) {
      const batch: T[] = [];
      for (let item = stream.read() as T | null; item !== null; item = stream.read() as T | null) {
        batch.push(item);
      }
      if (batch.length > 0) {
        yield batch;
      } else if (state.settled) {
        await ended;
        return;
      } else {
        await Promise.race([new Promise((resolve) => stream.once('readable', resolve)), ended]);
      }
    }
  } finally {
    stream.destroy();
  }
}

const INTEGRAL_PATTERN = /^-?\d{1,18}$/;
// A date, optionally with a time and a zone: what the parties' feeds write.
const DATETIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * What is wrong with a feed's date, or undefined: checked here as the database would read it, so
 * that a day such as 2025-02-30 is one row's exception rather than the whole load's failure.
 */
function datetimeProblem(value: string): string | undefined {
  const match = DATETIME_PATTERN.exec(value);
  if (match === null) return 'is not a date';
  const [, year, month, day, hours = '0', minutes = '0', seconds = '0', fraction = '0', zone = 'Z'] = match;
  const offsetMinutes = offsetMinutesOf(zone);
  // PostgreSQL reads an offset of less than 16 hours only.
  if (!(Math.abs(offsetMinutes) < 16 * 60)) return 'is not a date';
  // As PostgreSQL does: 24:00:00 is the day's end and a 60th second the minute's, fraction-free.
  const whole = Number(fraction) === 0;
  const dayEnd = hours === '24' && minutes === '00' && seconds === '00' && whole;
  const leapSecond = seconds === '60' && whole;
  const date = instantOf({
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hours: dayEnd ? 23 : Number(hours),
    minutes: dayEnd ? 59 : Number(minutes),
    seconds: dayEnd || leapSecond ? 59 : Number(seconds),
    milliseconds: Number(fraction.padEnd(3, '0').slice(0, 3)),
    offsetMinutes,
  });
  if (date === undefined) return 'is not a date that exists on the calendar';
  if (!isStorableInstant(date, offsetMinutes))
    return `is not a date from the year ${EARLIEST_YEAR} to ${LATEST_YEAR}`;
  return undefined;
}

function typeProblem(type: FieldType, value: string): string | undefined {
  if (type === 'INTEGRAL' && !INTEGRAL_PATTERN.test(value)) {
    return /^-?\d+$/.test(value) ? 'is a whole number of more than 18 digits' : 'is not a whole number';
  }
  return type === 'DATETIME' ? datetimeProblem(value) : undefined;
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

/** A row as csv-parse gives it with `raw` and `info`. */
interface ParsedItem {
  record: string[];
  raw: string;
  info: { lines: number };
}

/**
 * The CRLFs inside a row's quoted cells. csv-parse (7.0) counts each as two lines, so every row after
 * one would be numbered a line too far.
 */
function quotedCrlfs(raw: string): number {
  const end = raw.endsWith('\r\n') ? raw.length - 2 : raw.length;
  let count = 0;
  for (let at = raw.indexOf('\r\n'); at !== -1 && at < end; at = raw.indexOf('\r\n', at + 2)) {
    count += 1;
  }
  return count;
}

/** The line's text for an exception, without its line break. */
function rawLine(item: ParsedItem): string {
  return item.raw.replace(/\r?\n$/, '');
}

/** How a file's rows are read once its header is known. */
interface FileLayout {
  header: string[];
  /** Each field's column in the file, found once from the header rather than for every row. */
  columns: Array<[field: string, index: number]>;
}

/** One row after the header, checked: a record, or an exception with why it was refused. */
function checkedRow(
  item: ParsedItem,
  line: number,
  layout: FileLayout,
  process: ProcessDefinitionRow,
): ReadRow {
  const limitProblem = lineLimitProblem(item.raw, item.record, layout.header);
  if (limitProblem !== undefined) {
    return exceptionOf(line, limitProblem, rawLine(item));
  }
  if (item.record.length !== layout.header.length) {
    return exceptionOf(
      line,
      `Expected ${layout.header.length} columns, found ${item.record.length}`,
      rawLine(item),
    );
  }
  const fields: Record<string, string> = {};
  for (const [field, index] of layout.columns) {
    fields[field] = (item.record[index] ?? '').trim();
  }
  const problems: string[] = [];
  const keyValues: string[] = [];
  for (const field of process.fields) {
    const value = fields[field.name];
    if (field.key) {
      keyValues.push(value ?? '');
    }
    if (value === undefined || (value === '' && !field.key)) {
      continue;
    }
    const problem = value === '' ? 'is empty' : typeProblem(field.type, value);
    if (problem !== undefined) {
      problems.push(`${field.name} ${problem}`);
    }
  }
  const matchKey = JSON.stringify(keyValues);
  if (Buffer.byteLength(matchKey, 'utf8') > FINANCE_KEY_MAX_BYTES) {
    problems.push(FILE_LIMIT_REASONS.keyTooLong);
  }
  if (problems.length > 0) {
    return exceptionOf(line, problems.join('; '), rawLine(item));
  }
  return { line, record: { matchKey, fields } };
}

/**
 * Reads a party's CSV file (a header row, then one row per record) as it streams, with csv-parse,
 * and checks each row against the file limits and the process fields. Good rows become records;
 * every other row is an exception with its line, the reason and its text. A header that lacks a
 * column makes the whole file one exception; so does an empty file. Gives the rows a few at a time
 * (about ROWS_PER_TURN, with a turn of the event loop between); a stored chunk that cannot be
 * read fails the reading with its error.
 */
export async function* readPartyFile(
  content: AsyncIterable<Buffer>,
  process: ProcessDefinitionRow,
  partyId: number,
): AsyncGenerator<ReadRow[]> {
  const party = process.parties.find((candidate) => candidate.id === partyId);
  if (party === undefined) {
    throw new Error(`Party ${partyId} is not part of process ${process.id}`);
  }
  // Rows the parser could not read at all, with the line it counted for each.
  let skipped: Array<{ counted: number; reason: string; raw: string }> = [];
  let skippedTaken = 0;
  // How many lines csv-parse has counted twice in the rows handed over so far.
  let overcounted = 0;
  /** The skipped rows before the row csv-parse counts at `before`, numbered by the file's lines. */
  const skippedBefore = (before: number): ReadRow[] => {
    const taken: ReadRow[] = [];
    for (
      let row = skipped[skippedTaken];
      row !== undefined && row.counted < before;
      row = skipped[skippedTaken]
    ) {
      skippedTaken += 1;
      overcounted += quotedCrlfs(row.raw);
      const line = row.counted === 0 ? 0 : row.counted - overcounted;
      // Its message says the line too, as csv-parse counted it.
      taken.push(exceptionOf(line, row.reason.replace(`at line ${row.counted}`, `at line ${line}`), row.raw));
    }
    if (skippedTaken === skipped.length) {
      skipped = [];
      skippedTaken = 0;
    }
    return taken;
  };
  const parser = parse({
    raw: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error, raw) => {
      const counted = typeof error?.lines === 'number' ? error.lines : 0;
      skipped.push({ counted, reason: error?.message ?? 'Unreadable row', raw: raw ?? '' });
      return undefined;
    },
  });
  // Piped, an error of the source (the database gone mid-read) was thrown at no one and ended the
  // process; in a pipeline it fails the parser, and so this reading.
  pipeline(Readable.from(inPieces(content)), parser).catch(() => undefined);
  let layout: FileLayout | undefined;
  let rows: ReadRow[] = [];
  for await (const items of batchesOf<ParsedItem>(parser)) {
    for (const item of items) {
      if (item.info.lines % ROWS_PER_TURN === 0) {
        if (rows.length > 0) {
          yield rows;
          rows = [];
        }
        await nextTurn();
      }
      if (skipped.length > 0) {
        rows.push(...skippedBefore(item.info.lines));
      }
      overcounted += quotedCrlfs(item.raw);
      const line = item.info.lines - overcounted;
      if (layout === undefined) {
        const limitProblem = lineLimitProblem(item.raw, item.record, item.record);
        const header = item.record.map((name) => name.trim());
        const missing = Object.keys(party.columns).filter((column) => !header.includes(column));
        if (limitProblem !== undefined || missing.length > 0) {
          // Without the columns no row can be read: the whole file is one exception.
          yield [
            exceptionOf(line, limitProblem ?? `Missing column(s): ${missing.join(', ')}`, rawLine(item)),
          ];
          return;
        }
        const columnOf = new Map(header.map((name, index) => [name, index]));
        const columns = Object.entries(party.columns).map(([column, field]): [string, number] => [
          field,
          columnOf.get(column) ?? -1,
        ]);
        layout = { header, columns };
        continue;
      }
      rows.push(checkedRow(item, line, layout, process));
    }
    if (rows.length > 0) {
      yield rows;
      rows = [];
    }
  }
  rows.push(...skippedBefore(Number.POSITIVE_INFINITY));
  if (layout === undefined) {
    rows.push(exceptionOf(1, 'The file is empty', ''));
  }
  if (rows.length > 0) {
    yield rows;
  }
}
