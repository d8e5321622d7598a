import { describe, expect, it } from 'vitest';
import {
  composeValidators,
  isNumber,
  max,
  maxLength,
  min,
  required,
  VALIDATION_MESSAGES,
} from './validators';

describe('general validators', () => {
  it('treats empty values as missing and zero as filled', () => {
    const validate = required();
    expect(validate('')).toBe('This is a required field');
    expect(validate('   ')).toBe('This is a required field');
    expect(validate(undefined)).toBe('This is a required field');
    expect(validate(null)).toBe('This is a required field');
    expect(validate([])).toBe('This is a required field');
    expect(validate(0)).toBeUndefined();
    expect(validate('0')).toBeUndefined();
    expect(required('Please add a comment')('')).toBe('Please add a comment');
  });

  it('bounds numbers with the default messages', () => {
    expect(max(1000)(1001)).toBe('Must not exceed 1000');
    expect(max(1000)('1000')).toBeUndefined();
    expect(min(0)(-1)).toBe('Must be 0 or greater');
    expect(min(0)(0)).toBeUndefined();
  });

  it('rejects text that is not a number but leaves empty input to required', () => {
    expect(isNumber()('12a')).toBe('Must be a valid number');
    expect(isNumber()('12.5')).toBeUndefined();
    expect(isNumber()('')).toBeUndefined();
  });

  it('limits the length of text', () => {
    expect(maxLength(32)('x'.repeat(33))).toBe('Must not exceed 32 characters');
    expect(maxLength(32)('x'.repeat(32))).toBeUndefined();
  });

  it('reports the first failing rule', () => {
    const validate = composeValidators(required(), isNumber(), min(0), max(1000));
    expect(validate('')).toBe(VALIDATION_MESSAGES.required);
    expect(validate('abc')).toBe(VALIDATION_MESSAGES.number);
    expect(validate('-5')).toBe('Must be 0 or greater');
    expect(validate('5000')).toBe('Must not exceed 1000');
    expect(validate('500')).toBeUndefined();
  });
});
