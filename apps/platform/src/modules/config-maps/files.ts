import { parse } from 'csv-parse/sync';
import {
  createMappingBodySchema,
  type DownloadFormat,
  type Mapping,
} from '@web-control/contract/config-maps';
import { decodeUtf8, NOT_UTF8_MESSAGE } from '../../utf8.ts';

/** Reading and writing the mappings files of upload and download. */

export const FILE_MESSAGES = {
  refused: 'The file was refused and the map was not changed',
  encoding: NOT_UTF8_MESSAGE,
  csvHeader: "A CSV file starts with the header line 'key,value'.",
  csvSyntax: (reason: string) => `The CSV file cannot be read: ${reason}`,
  jsonSyntax: 'The JSON file cannot be read: it must be an array of {"key": "…", "value": "…"} objects.',
  jsonEntry: (index: number) => `Entry ${index}: it must be an object with a text key and a text value.`,
  columns: (line: number) => `Line ${line}: a line holds exactly two cells, key and value.`,
  /** A row the new-mapping rules refuse, with their message. */
  row: (line: string, message: string) => `${line}: ${message}`,
  duplicate: (key: string, first: string, again: string) =>
    `Key '${key}' appears more than once (${first} and ${again}).`,
} as const;

/** The most problems one refusal lists. */
const MAX_PROBLEMS = 20;

export interface ParsedFile {
  keys: string[];
  values: string[];
}

export type ParseOutcome = { ok: true; file: ParsedFile } | { ok: false; problems: string[] };

/** Cells a spreadsheet would run as a formula are written with a leading apostrophe (and read back without it). */
const FORMULA_START = /^[=+\-@\t']/;

export function escapeCell(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

function unescapeCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

function csvQuote(cell: string): string {
  const escaped = escapeCell(cell);
  return /[",\r\n]/.test(escaped) ? `"${escaped.replaceAll('"', '""')}"` : escaped;
}

export function csvLine(key: string, value: string): string {
  return `${csvQuote(key)},${csvQuote(value)}\r\n`;
}

export const CSV_HEADER = 'key,value\r\n';

export function jsonEntry(key: string, value: string, first: boolean): string {
  return `${first ? '' : ',\n'}${JSON.stringify({ key, value })}`;
}

/**
 * A changes download (updates-only) lists every change, deletions too (decision 0013): each row
 * with its state and the value before; a deleted row has no value, only the one it had.
 */
export const CHANGES_CSV_HEADER = 'key,value,state,previousValue\r\n';

/** One change of a changes download. */
export function changeOf(mapping: Mapping, format: DownloadFormat, first: boolean): string {
  const { key, value, state, previousValue } = mapping;
  if (format === 'json')
    return `${first ? '' : ',\n'}${JSON.stringify({ key, value, state, previousValue })}`;
  return `${[key, value ?? '', state, previousValue ?? ''].map(csvQuote).join(',')}\r\n`;
}

/** One mapping of a contents download; null for a deleted one, which the map no longer holds. */
export function contentOf(mapping: Mapping, format: DownloadFormat, first: boolean): string | null {
  if (mapping.value === null) return null;
  return format === 'json'
    ? jsonEntry(mapping.key, mapping.value, first)
    : csvLine(mapping.key, mapping.value);
}

function validate(entries: Array<{ key: string; value: string; where: string }>): ParseOutcome {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const keys: string[] = [];
  const values: string[] = [];
  for (const { key, value, where } of entries) {
    if (problems.length >= MAX_PROBLEMS) break;
    const row = createMappingBodySchema.safeParse({ key, value });
    if (!row.success) {
      problems.push(FILE_MESSAGES.row(where, row.error.issues[0]?.message ?? ''));
    } else {
      const first = seen.get(key);
      if (first !== undefined) {
        problems.push(FILE_MESSAGES.duplicate(key, first, where));
      } else {
        seen.set(key, where);
        keys.push(key);
        values.push(value);
      }
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, file: { keys, values } };
}

function parseJson(text: string): ParseOutcome {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { ok: false, problems: [FILE_MESSAGES.jsonSyntax] };
  }
  if (!Array.isArray(document)) {
    return { ok: false, problems: [FILE_MESSAGES.jsonSyntax] };
  }
  const entries: Array<{ key: string; value: string; where: string }> = [];
  for (const [index, item] of (document as unknown[]).entries()) {
    const entry = item as { key?: unknown; value?: unknown } | null;
    if (
      typeof entry !== 'object' ||
      entry === null ||
      typeof entry.key !== 'string' ||
      typeof entry.value !== 'string'
    ) {
      return { ok: false, problems: [FILE_MESSAGES.jsonEntry(index + 1)] };
    }
    entries.push({ key: entry.key, value: entry.value, where: `Entry ${index + 1}` });
  }
  return validate(entries);
}

function parseCsv(text: string): ParseOutcome {
  let rows: string[][];
  try {
    const parsed: string[][] = parse(text, { relax_column_count: true, skip_empty_lines: true });
    rows = parsed;
  } catch (error) {
    return {
      ok: false,
      problems: [FILE_MESSAGES.csvSyntax(error instanceof Error ? error.message : String(error))],
    };
  }
  const [header, ...lines] = rows;
  const names = header?.map((cell) => cell.trim().toLowerCase());
  if (names?.length !== 2 || names[0] !== 'key' || names[1] !== 'value') {
    return { ok: false, problems: [FILE_MESSAGES.csvHeader] };
  }
  const entries: Array<{ key: string; value: string; where: string }> = [];
  for (const [index, cells] of lines.entries()) {
    const line = index + 2;
    if (cells.length !== 2) {
      return { ok: false, problems: [FILE_MESSAGES.columns(line)] };
    }
    entries.push({
      key: unescapeCell(cells[0] ?? ''),
      value: unescapeCell(cells[1] ?? ''),
      where: `Line ${line}`,
    });
  }
  return validate(entries);
}

/** JSON when the name ends in .json or the text starts with '['; CSV otherwise. */
export function parseMappingsFile(bytes: Buffer, fileName: string | undefined): ParseOutcome {
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) {
    return { ok: false, problems: [FILE_MESSAGES.encoding(decoded.offset)] };
  }
  const text = decoded.text;
  const json = fileName?.toLowerCase().endsWith('.json') === true || text.trimStart().startsWith('[');
  return json ? parseJson(text) : parseCsv(text);
}

export const DOWNLOAD_CONTENT_TYPES: Record<DownloadFormat, string> = {
  csv: 'application/octet-stream',
  json: 'application/octet-stream',
};
