import { describe, expect, it } from 'vitest';
import { csvLine, CSV_HEADER, FILE_MESSAGES, parseMappingsFile } from './files.ts';
import { prefixUpperBound } from './entries-repository.ts';

describe('mappings files', () => {
  it('round-trips every cell a spreadsheet would run as a formula', () => {
    const cells = ['=1+1', '+27', '-5', '@sum', '\tx', "'quoted", "''", 'plain', 'a,"b"\nc'];
    // As values: a key may not start with white space ('\tx').
    const csv = CSV_HEADER + cells.map((cell, index) => csvLine(`k${index}`, cell)).join('');
    const parsed = parseMappingsFile(Buffer.from(csv), 'm.csv');
    expect(parsed).toEqual({ ok: true, file: { keys: cells.map((_, index) => `k${index}`), values: cells } });
    const keys = cells.filter((cell) => cell.trim() === cell);
    const asKeys = CSV_HEADER + keys.map((cell, index) => csvLine(cell, `v${index}`)).join('');
    expect(parseMappingsFile(Buffer.from(asKeys), 'm.csv')).toEqual({
      ok: true,
      file: { keys, values: keys.map((_, index) => `v${index}`) },
    });
  });

  it('reads a byte order mark and JSON by its first character', () => {
    expect(parseMappingsFile(Buffer.from('\uFEFFkey,value\na,1\n'), undefined)).toMatchObject({ ok: true });
    expect(parseMappingsFile(Buffer.from(' [{"key":"a","value":"1"}]'), 'file.txt')).toEqual({
      ok: true,
      file: { keys: ['a'], values: ['1'] },
    });
    expect(parseMappingsFile(Buffer.from('{"a":"1"}'), 'm.json')).toEqual({
      ok: false,
      problems: [FILE_MESSAGES.jsonSyntax],
    });
  });

  it('bounds a key prefix by code point, skipping surrogates', () => {
    expect(prefixUpperBound('45')).toBe('46');
    expect(prefixUpperBound('a\uD7FF')).toBe('a\uE000');
    expect(prefixUpperBound('🙂')).toBe('🙃');
    expect(prefixUpperBound('a\u{10FFFF}')).toBe('b');
    expect(prefixUpperBound('\u{10FFFF}')).toBeUndefined();
  });
});
