import { z } from 'zod';

/**
 * Building blocks for request fields. Every value must be one the database can hold: PostgreSQL
 * text cannot store U+0000, an `integer` column stops at 2^31 - 1 and a timestamp has no year 0.
 * Refusing such values here gives a 400 naming the field instead of a failing query.
 */

export const NUL_MESSAGE = 'Must not contain a NUL character';
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is refused
const WITHOUT_NUL = /^[^\u0000]*$/;

/** A string field: any text but the NUL character. */
export function text(message: string = NUL_MESSAGE) {
  return z.string().regex(WITHOUT_NUL, message);
}

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

/** The years an instant may fall in, in UTC: PostgreSQL has no year 0, four digits are plenty. */
export const EARLIEST_YEAR = 1;
export const LATEST_YEAR = 9999;
export const INSTANT_RANGE_MESSAGE = `Must be a date from the year ${EARLIEST_YEAR} to ${LATEST_YEAR}`;

export function isStorableInstant(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(year) && year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}

/** An ISO 8601 date and time with an offset, within the storable years. */
export const isoInstantSchema = z.iso
  .datetime({ offset: true })
  .refine((value) => isStorableInstant(new Date(value)), INSTANT_RANGE_MESSAGE);
