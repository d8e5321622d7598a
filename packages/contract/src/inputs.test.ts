import { describe, expect, it } from 'vitest';
import { transactionsQuerySchema } from './transactions.ts';
import {
  FILE_NAME_MESSAGE,
  fileNameSchema,
  IMPOSSIBLE_DATE_MESSAGE,
  INSTANT_FORMAT_MESSAGE,
  INSTANT_RANGE_MESSAGE,
  integerIdSchema,
  isoInstantSchema,
  LATEST_INSTANT,
  EARLIEST_INSTANT,
  LONE_SURROGATE_MESSAGE,
  text,
  wellFormedText,
} from './inputs.ts';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('input building blocks', () => {
  it('refuses a NUL anywhere in a text', () => {
    expect(text().safeParse('plain text, ünïcode').success).toBe(true);
    for (const value of ['\u0000', 'a\u0000', '\u0000b', 'a\u0000b']) {
      expect(text().safeParse(value).success).toBe(false);
    }
  });

  it('takes ids within the database integer range only', () => {
    expect(integerIdSchema.safeParse(1).success).toBe(true);
    expect(integerIdSchema.safeParse(2_147_483_647).success).toBe(true);
    for (const value of [0, -1, 1.5, 2_147_483_648, Number.MAX_SAFE_INTEGER]) {
      expect(integerIdSchema.safeParse(value).success).toBe(false);
    }
  });

  it('takes instants from the year 1 to 9999 in UTC', () => {
    expect(isoInstantSchema.safeParse('2026-03-02T00:00:00Z').success).toBe(true);
    expect(isoInstantSchema.safeParse('0001-01-01T00:00:00Z').success).toBe(true);
    for (const value of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+02:00',
      '0000-06-01T00:00:00.000+00:00',
    ]) {
      expect(isoInstantSchema.safeParse(value).success).toBe(false);
    }
  });

  it('refuses half of a surrogate pair anywhere in a text, and takes whole pairs', () => {
    expect(text().safeParse('emoji 😀 and ünïcode').success).toBe(true);
    for (const value of ['\ud800', 'a\udfffb', 'x\ud83d', '\ude00x', '\ude00\ud83d']) {
      expect(messagesOf(text().safeParse(value))).toEqual([LONE_SURROGATE_MESSAGE]);
    }
    expect(wellFormedText('a\ud800b😀')).toBe('a\ufffdb😀');
  });

  it('refuses instants that are not on the calendar or leave the supported years, with a message for each', () => {
    expect(isoInstantSchema.safeParse(LATEST_INSTANT).success).toBe(true);
    expect(isoInstantSchema.safeParse(EARLIEST_INSTANT).success).toBe(true);
    expect(isoInstantSchema.safeParse('2024-02-29T23:59:59+14:00').success).toBe(true);
    const cases: Array<[string, string]> = [
      ['2024-02-30T00:00:00Z', IMPOSSIBLE_DATE_MESSAGE],
      ['2023-02-29T00:00:00Z', IMPOSSIBLE_DATE_MESSAGE],
      ['2026-04-31T00:00:00Z', IMPOSSIBLE_DATE_MESSAGE],
      ['2026-01-01T24:00:00Z', IMPOSSIBLE_DATE_MESSAGE],
      ['0000-01-01T00:00:00Z', INSTANT_RANGE_MESSAGE],
      // In range in UTC, the year 0 as written.
      ['0000-12-31T23:30:00-01:00', INSTANT_RANGE_MESSAGE],
      // The year 1 as written, the year 0 in UTC.
      ['0001-01-01T00:30:00+01:00', INSTANT_RANGE_MESSAGE],
      // 9999 as written, 10000 in UTC.
      ['9999-12-31T23:30:00-01:00', INSTANT_RANGE_MESSAGE],
      ['yesterday', INSTANT_FORMAT_MESSAGE],
      ['2026-01-01T00:00:00', INSTANT_FORMAT_MESSAGE],
    ];
    for (const [value, message] of cases) {
      expect(messagesOf(isoInstantSchema.safeParse(value)), value).toEqual([message]);
    }
  });

  it('applies the same calendar and range to the compact form of the transaction filters', () => {
    expect(transactionsQuerySchema.safeParse({ dateFrom: '20240229T000000Z' }).success).toBe(true);
    for (const dateFrom of [
      '20240230T000000Z',
      '00001231T233000-0100',
      '99991231T233000-0100',
      '20260101T000000+2400',
    ]) {
      expect(transactionsQuerySchema.safeParse({ dateFrom }).success, dateFrom).toBe(false);
    }
  });

  it('takes a download name of any script but no path, control character or over-long name', () => {
    for (const name of ['report.csv', '€ résumé (1).csv', 'a'.repeat(255), '...csv']) {
      expect(fileNameSchema.safeParse(name).success, name).toBe(true);
    }
    for (const name of [
      '',
      '.',
      '..',
      '../x.csv',
      'a/b',
      'a\\b',
      'a\r\nb',
      'a\tb',
      'a\u007fb',
      'a'.repeat(256),
      '\ud800',
    ]) {
      expect(messagesOf(fileNameSchema.safeParse(name)), JSON.stringify(name)).toContain(FILE_NAME_MESSAGE);
    }
  });
});
