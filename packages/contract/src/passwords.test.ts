import { describe, expect, it } from 'vitest';
import { checkPassword, isSeasonOrMonthWithYear, newPasswordFormSchema } from './passwords.ts';

describe('new password rules', () => {
  it('reports the first broken rule in the specified order', () => {
    expect(checkPassword('')).toBe('Please enter your password');
    expect(checkPassword('abcdefgh1!')).toBe('Password must contain at least 1 upper case character');
    expect(checkPassword('ABCDEFGH1!')).toBe('Password must contain at least 1 lower case character');
    expect(checkPassword('Abc1!')).toBe('Password must be at least 8 characters long');
    expect(checkPassword('Abcdefgh!')).toBe('Password must contain at least 1 digit');
    expect(checkPassword('Abcdefgh1')).toBe('Password must contain at least 1 non-alphanumeric character');
    expect(checkPassword('Abcdefgh1!')).toBe('Password must be at least 12 characters long');
    expect(checkPassword('Summer2026!x')).toBe('Password must not be a season or a month with a year');
    expect(checkPassword('Abcdefghij1!')).toBeUndefined();
  });

  it('refuses a season or a month with a year, either way round, whatever the case and separators', () => {
    for (const password of [
      'Summer2026!',
      'january2025',
      'Winter-2024',
      '2025_December',
      'Sept1999',
      'x-FALL-2030',
    ]) {
      expect(isSeasonOrMonthWithYear(password), password).toBe(true);
    }
    for (const password of ['Summary-Report-7!', 'Marching-Band-12', 'May-the-4th-be!', 'Decimal3020!']) {
      expect(isSeasonOrMonthWithYear(password), password).toBe(false);
    }
  });

  it('puts a mismatch on the confirm field', () => {
    const result = newPasswordFormSchema.safeParse({
      password: 'Abcdefghij1!',
      confirm_password: 'Abcdefghij1?',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirm_password'], message: 'Passwords must match' }),
    ]);
  });
});
