import { z } from 'zod';

/**
 * Building blocks for the contract's fields. Every value must be one the database can hold:
 * PostgreSQL text cannot store U+0000 or half of a UTF-16 surrogate pair (it is not Unicode), an
 * `integer` column stops at 2^31 - 1 and a timestamp has no year 0. Refusing such values here gives
 * a 400 naming the field instead of a failing query.
 */

export const NUL_MESSAGE = 'Must not contain a NUL character';
export const LONE_SURROGATE_MESSAGE = 'Must not contain a broken character (half of a UTF-16 surrogate pair)';
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is refused
const WITHOUT_NUL = /^[^\u0000]*$/;
/** A high surrogate without a low one after it, or a low surrogate without a high one before it. */
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const WITHOUT_LONE_SURROGATE = new RegExp(`^(?![\\s\\S]*(?:${LONE_SURROGATE}))`);

/** The text with each lone surrogate replaced by U+FFFD, as String.prototype.toWellFormed does. */
export function wellFormedText(value: string): string {
  return value.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD');
}

/** The text rules as checks, for a string format (a URL) that is text as well. */
export function textChecks(message?: string) {
  return [
    z.regex(WITHOUT_NUL, message ?? NUL_MESSAGE),
    z.regex(WITHOUT_LONE_SURROGATE, message ?? LONE_SURROGATE_MESSAGE),
  ] as const;
}

/**
 * Every text of the contract: any well-formed Unicode text but the NUL character. The message
 * replaces both refusals' messages where a form must not say more (the sign-in).
 */
export function text(message?: string) {
  return z.string().check(...textChecks(message));
}

/** `true` or `false` as query text. */
export const booleanQuerySchema = z.enum(['true', 'false']).transform((value) => value === 'true');

/** The largest value of a PostgreSQL `integer` (the role and permission ids). */
export const INTEGER_ID_MAX = 2_147_483_647;
export const INTEGER_ID_MESSAGE = `Must be a whole number from 1 to ${INTEGER_ID_MAX}`;
export const integerIdSchema = z
  .number()
  .int(INTEGER_ID_MESSAGE)
  .min(1, INTEGER_ID_MESSAGE)
  .max(INTEGER_ID_MAX, INTEGER_ID_MESSAGE);

/** The largest value of a PostgreSQL `bigint`. */
export const BIGINT_MAX = 9_223_372_036_854_775_807n;

/**
 * The supported instants: the years 1 to 9999, both in UTC and as written with the sender's offset.
 * PostgreSQL has no year 0 and its timestamptz reaches 294276; four digits are what ISO 8601 text
 * and `Date.toISOString` write without a sign, so every instant reads back as it was written.
 */
export const EARLIEST_YEAR = 1;
export const LATEST_YEAR = 9999;
/** The first and the last supported instant, in UTC. */
export const EARLIEST_INSTANT = '0001-01-01T00:00:00.000Z';
export const LATEST_INSTANT = '9999-12-31T23:59:59.999Z';
export const INSTANT_RANGE_MESSAGE = `Must be a date from the year ${EARLIEST_YEAR} to ${LATEST_YEAR}`;
export const INSTANT_FORMAT_MESSAGE =
  'Must be an ISO 8601 date and time with a zone, such as 2026-11-23T10:00:00Z';
export const IMPOSSIBLE_DATE_MESSAGE =
  'Must be a date and time that exists on the calendar, such as 2024-02-29T23:59:59Z';

function isSupportedYear(year: number): boolean {
  return !Number.isNaN(year) && year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}

/** Whether an instant falls in the supported years in UTC and, shifted by `offsetMinutes`, as written. */
export function isStorableInstant(date: Date, offsetMinutes = 0): boolean {
  const written = new Date(date.getTime() + offsetMinutes * 60_000);
  return isSupportedYear(date.getUTCFullYear()) && isSupportedYear(written.getUTCFullYear());
}

/** The fields of a date and time as written, with its offset from UTC in minutes. */
export interface WrittenInstant {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
  milliseconds: number;
  offsetMinutes: number;
}

/** The instant the fields name, or undefined when they name no moment of the calendar (2024-02-30, 24:00). */
export function instantOf(written: WrittenInstant): Date | undefined {
  const { year, month, day, hours, minutes, seconds, milliseconds } = written;
  if (Number.isNaN(written.offsetMinutes)) return undefined;
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hours, minutes, seconds, milliseconds);
  // Date rolls 30 February over to 1 March: the fields must survive the round trip.
  const fields = [
    local.getUTCFullYear(),
    local.getUTCMonth() + 1,
    local.getUTCDate(),
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
  ];
  const expected = [year, month, day, hours, minutes, seconds];
  if (!fields.every((field, index) => field === expected[index])) return undefined;
  return new Date(local.getTime() - written.offsetMinutes * 60_000);
}

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/;

/** The minutes of an offset written `Z`, `+HH:MM` or `-HHMM`; NaN beyond 23:59. */
export function offsetMinutesOf(zone: string): number {
  if (zone === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4));
  if (hours > 23 || minutes > 59) return Number.NaN;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

export type InstantCheck =
  | { ok: true; date: Date }
  | {
      ok: false;
      message: typeof INSTANT_FORMAT_MESSAGE | typeof IMPOSSIBLE_DATE_MESSAGE | typeof INSTANT_RANGE_MESSAGE;
    };

/**
 * Reads an ISO 8601 date and time with a zone (seconds and up to nine decimals optional): the one
 * rule every instant of the contract follows, whether a schema or a recon filter value reads it.
 */
export function checkIsoInstant(value: string): InstantCheck {
  const match = ISO_INSTANT.exec(value);
  if (match === null) return { ok: false, message: INSTANT_FORMAT_MESSAGE };
  const [, year, month, day, hours, minutes, seconds, fraction, zone] = match;
  const offsetMinutes = offsetMinutesOf(zone ?? 'Z');
  if (Number.isNaN(offsetMinutes)) return { ok: false, message: INSTANT_FORMAT_MESSAGE };
  const date = instantOf({
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hours: Number(hours),
    minutes: Number(minutes),
    seconds: Number(seconds ?? '0'),
    milliseconds: Number((fraction ?? '0').padEnd(3, '0').slice(0, 3)),
    offsetMinutes,
  });
  if (date === undefined) return { ok: false, message: IMPOSSIBLE_DATE_MESSAGE };
  if (!isStorableInstant(date, offsetMinutes)) return { ok: false, message: INSTANT_RANGE_MESSAGE };
  return { ok: true, date };
}

/** An ISO 8601 date and time with a zone, on the calendar, within the supported years. */
export const isoInstantSchema = z.iso
  .datetime({ offset: true, abort: true, error: (issue) => checkInstantMessage(issue.input) })
  .superRefine((value, context) => {
    const check = checkIsoInstant(value);
    if (!check.ok) context.addIssue({ code: 'custom', message: check.message });
  });

function checkInstantMessage(input: unknown): string {
  if (typeof input !== 'string') return INSTANT_FORMAT_MESSAGE;
  const check = checkIsoInstant(input);
  return check.ok ? INSTANT_FORMAT_MESSAGE : check.message;
}

/** A file name a download may be saved as (the common file-system limit). */
export const FILE_NAME_MAX_LENGTH = 255;
export const FILE_NAME_MESSAGE = `A file name has 1 to ${FILE_NAME_MAX_LENGTH} characters, none of them a slash, a backslash or a control character, and is not '.' or '..'`;
// eslint-disable-next-line no-control-regex -- control characters (CR and LF among them) are what is refused
const FILE_NAME_PATTERN = /^(?!\.{1,2}$)[^/\\\u0000-\u001f\u007f]+$/;

/** A name for a downloaded file: one path step, no header-breaking characters; any other Unicode is fine. */
export const fileNameSchema = text(FILE_NAME_MESSAGE)
  .max(FILE_NAME_MAX_LENGTH, FILE_NAME_MESSAGE)
  .regex(FILE_NAME_PATTERN, FILE_NAME_MESSAGE);
