import { z } from 'zod';
import { text } from './inputs.ts';

/** The general validators' default messages (specification section 5). */
export const VALIDATION_MESSAGES = {
  required: 'This is a required field',
  max: (limit: number) => `Must not exceed ${limit}`,
  min: (limit: number) => `Must be ${limit} or greater`,
  maxLength: (limit: number) => `Must not exceed ${limit} characters`,
  number: 'Must be a valid number',
} as const;

/** Text that must be filled in; blank counts as empty. */
export function requiredText(message: string = VALIDATION_MESSAGES.required) {
  return text().trim().min(1, message);
}

/** A whole number from min to max, with the general messages. */
export function wholeNumber(min: number, max: number) {
  return z
    .number({ error: VALIDATION_MESSAGES.number })
    .int()
    .min(min, VALIDATION_MESSAGES.min(min))
    .max(max, VALIDATION_MESSAGES.max(max));
}

/**
 * A number typed into a text field, checked by the wire's number schema: empty is missing (not
 * 0), and text that does not read as a number is refused.
 */
export function numberFromText<TNumber extends z.ZodType<number, number>>(number: TNumber) {
  return requiredText().transform(Number).pipe(number);
}
