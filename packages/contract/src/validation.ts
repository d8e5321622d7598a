import { z } from 'zod';
import { text, textChecks } from './inputs.ts';
import { maskCardNumbers } from './iso8583-masking.ts';

/** The general validators' default messages (specification section 5). */
export const VALIDATION_MESSAGES = {
  required: 'This is a required field',
  max: (limit: number) => `Must not exceed ${limit}`,
  min: (limit: number) => `Must be ${limit} or greater`,
  maxLength: (limit: number) => `Must not exceed ${limit} characters`,
  number: 'Must be a valid number',
  oneOf: (values: readonly unknown[]) => `Must be one of ${values.map(String).join(', ')}`,
  /** The generic confirm modal's comment rule (specification 1, section 5). */
  comment: 'Please add a comment',
} as const;

/**
 * Free text a person writes for others to read (a comment, a reason): a card number in it is
 * masked as it is read, so it is never stored, logged or shown whole (PCI DSS 3.3).
 */
export function cardNumbersMasked<T extends z.ZodType<string, string>>(schema: T) {
  return schema.transform((value) => maskCardNumbers(value));
}

/**
 * A required comment of at most `maxLength` characters, with the general messages: a missing
 * value (an upload header left out) reads as an empty one. A card number in it is masked.
 */
export function commentText(maxLength: number) {
  // A missing comment (an absent header) says the same as a blank one.
  return cardNumbersMasked(
    z
      .string({ error: VALIDATION_MESSAGES.comment })
      .check(...textChecks())
      .trim()
      .min(1, VALIDATION_MESSAGES.comment)
      .max(maxLength, VALIDATION_MESSAGES.maxLength(maxLength)),
  );
}

/**
 * The general messages for every rule a schema states without its own words, so no validator
 * wording ("Too big: expected string to have <=1000 characters") reaches a person. Set on zod's
 * global configuration, which a schema's own message still overrides.
 */
export function generalMessageOf(issue: z.core.$ZodRawIssue): string | undefined {
  const numeric = issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint';
  if (issue.code === 'invalid_type' && issue.input === undefined) return VALIDATION_MESSAGES.required;
  // A query's number that does not read (`limit=abc` coerced to NaN).
  if (issue.code === 'invalid_type' && issue.expected === 'number') return VALIDATION_MESSAGES.number;
  if (issue.code === 'too_big' && issue.origin === 'string')
    return VALIDATION_MESSAGES.maxLength(Number(issue.maximum));
  if (issue.code === 'too_small' && issue.origin === 'string')
    return Number(issue.minimum) <= 1
      ? VALIDATION_MESSAGES.required
      : `Must be at least ${Number(issue.minimum)} characters`;
  if (issue.code === 'too_big' && numeric) return VALIDATION_MESSAGES.max(Number(issue.maximum));
  if (issue.code === 'too_small' && numeric) return VALIDATION_MESSAGES.min(Number(issue.minimum));
  // A choice a link or a call names that is none of the schema's (`matchStatus=FOO`).
  if (issue.code === 'invalid_value') return VALIDATION_MESSAGES.oneOf(issue.values);
  return undefined;
}
z.config({ customError: generalMessageOf });

/** Text that must be filled in; blank counts as empty. */
export function requiredText(message: string = VALIDATION_MESSAGES.required) {
  return text().trim().min(1, message);
}

/** A whole number from min to max, with the general messages. */
export function wholeNumber(min: number, max: number) {
  return (
    z
      // Left out is missing (a body without the field), not a number written wrong.
      .number({
        error: (issue) =>
          issue.input === undefined ? VALIDATION_MESSAGES.required : VALIDATION_MESSAGES.number,
      })
      .int()
      .min(min, VALIDATION_MESSAGES.min(min))
      .max(max, VALIDATION_MESSAGES.max(max))
  );
}

/** Digits with an optional sign and decimals: what people type as a number. */
const DECIMAL_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A number typed into a text field, checked by the wire's number schema: empty is missing (not
 * 0), and text that is not written as a decimal number is refused (JavaScript's Number() also
 * reads "1e3" and "0x10", which a weight field should not take for 1000 and 16).
 */
export function numberFromText<TNumber extends z.ZodType<number, number>>(number: TNumber) {
  return requiredText()
    .transform((text) => (DECIMAL_TEXT.test(text) ? Number(text) : Number.NaN))
    .pipe(number);
}
