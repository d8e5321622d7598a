import { describe, expect, it } from 'vitest';
import { checkPassword, newPasswordFormSchema } from './passwords.ts';

describe('new password rules', () => {
  it('reports the first broken rule in the specified order', () => {
    expect(checkPassword('')).toBe('Please enter your password');
    expect(checkPassword('abcdefgh1!')).toBe('Password must contain at least 1 upper case character');
    expect(checkPassword('ABCDEFGH1!')).toBe('Password must contain at least 1 lower case character');
    expect(checkPassword('Abc1!')).toBe('Password must be at least 8 characters long');
    expect(checkPassword('Abcdefgh!')).toBe('Password must contain at least 1 digit');
    expect(checkPassword('Abcdefgh1')).toBe('Password must contain at least 1 non-alphanumeric character');
    expect(checkPassword('Abcdefgh1!')).toBeUndefined();
  });

  it('puts a mismatch on the confirm field', () => {
    const result = newPasswordFormSchema.safeParse({
      password: 'Abcdefgh1!',
      confirm_password: 'Abcdefgh1?',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirm_password'], message: 'Passwords must match' }),
    ]);
  });
});
