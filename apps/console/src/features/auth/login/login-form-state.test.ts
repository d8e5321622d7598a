import { LOGIN_MESSAGES, USERNAME_MAX_LENGTH } from '@web-control/contract/auth';
import { describe, expect, it } from 'vitest';
import { checkLogin } from './login-form-state';

describe('checkLogin', () => {
  it('gives the request as the schema reads it, the username trimmed', () => {
    expect(checkLogin({ username: '  admin ', password: ' secret ' })).toEqual({
      valid: true,
      request: { username: 'admin', password: ' secret ' },
      errors: {},
    });
  });

  it('gives each empty field its own message', () => {
    expect(checkLogin({ username: '   ', password: '' })).toEqual({
      valid: false,
      errors: { username: LOGIN_MESSAGES.username, password: LOGIN_MESSAGES.password },
    });
  });

  it('gives one message for a field that breaks two rules, and none for a good field', () => {
    expect(checkLogin({ username: 'x'.repeat(USERNAME_MAX_LENGTH + 1), password: 'secret' })).toEqual({
      valid: false,
      errors: { username: LOGIN_MESSAGES.username },
    });
  });
});
