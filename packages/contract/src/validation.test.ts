import { describe, expect, it } from 'vitest';
import { numberFromText, requiredText, VALIDATION_MESSAGES, wholeNumber } from './validation.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('general rules', () => {
  it('treats blank text as missing', () => {
    expect(firstMessage(requiredText().safeParse(''))).toBe('This is a required field');
    expect(firstMessage(requiredText().safeParse('   '))).toBe('This is a required field');
    expect(firstMessage(requiredText('Please add a comment').safeParse(''))).toBe('Please add a comment');
    expect(requiredText().parse(' jo ')).toBe('jo');
  });

  it('bounds whole numbers with the default messages', () => {
    const weight = wholeNumber(0, 1000);
    expect(firstMessage(weight.safeParse(1001))).toBe('Must not exceed 1000');
    expect(firstMessage(weight.safeParse(-1))).toBe('Must be 0 or greater');
    expect(firstMessage(weight.safeParse(Number.NaN))).toBe('Must be a valid number');
    expect(weight.safeParse(12.5).success).toBe(false);
    expect(weight.parse(0)).toBe(0);
    expect(weight.parse(1000)).toBe(1000);
  });

  it('reads a number from text, reporting the first rule it breaks', () => {
    const field = numberFromText(wholeNumber(0, 1000));
    expect(firstMessage(field.safeParse(''))).toBe(VALIDATION_MESSAGES.required);
    expect(firstMessage(field.safeParse('abc'))).toBe(VALIDATION_MESSAGES.number);
    expect(firstMessage(field.safeParse('-5'))).toBe('Must be 0 or greater');
    expect(firstMessage(field.safeParse('5000'))).toBe('Must not exceed 1000');
    expect(field.parse('0')).toBe(0);
    expect(field.parse(' 500 ')).toBe(500);
  });
});
