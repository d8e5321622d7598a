import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth.ts';
import { text } from './inputs.ts';

export const PASSWORD_MIN_LENGTH = 8;

/** The new-password rules, in the order the specification checks them. */
export const PASSWORD_RULES = [
  { test: (password: string) => password.length > 0, message: 'Please enter your password' },
  {
    test: (password: string) => password !== password.toLowerCase(),
    message: 'Password must contain at least 1 upper case character',
  },
  {
    test: (password: string) => password !== password.toUpperCase(),
    message: 'Password must contain at least 1 lower case character',
  },
  {
    test: (password: string) => password.length >= PASSWORD_MIN_LENGTH,
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  },
  { test: (password: string) => /\d/.test(password), message: 'Password must contain at least 1 digit' },
  {
    test: (password: string) => /[^A-Za-z0-9]/.test(password),
    message: 'Password must contain at least 1 non-alphanumeric character',
  },
] as const;

export const PASSWORDS_MUST_MATCH = 'Passwords must match';
export const RESET_LINK_EXPIRED = 'This reset link has expired';
export const ENROLMENT_LINK_EXPIRED = 'This enrolment link has expired';
export const RESET_LINK_SENT = "We've sent you a reset link";
export const CAN_NOW_LOG_IN = 'Excellent, you can now log in below';

/** The first rule the password breaks, or undefined. */
export function checkPassword(password: string): string | undefined {
  return PASSWORD_RULES.find((rule) => !rule.test(password))?.message;
}

export const newPasswordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH, `A password has at most ${PASSWORD_MAX_LENGTH} characters`)
  .superRefine((password, context) => {
    const message = checkPassword(password);
    if (message) context.addIssue({ code: 'custom', message });
  });

/** The console's new-password form: the rules on password, the match on confirm_password. */
export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirm_password: z.string() })
  .superRefine((form, context) => {
    if (form.password !== form.confirm_password) {
      context.addIssue({ code: 'custom', message: PASSWORDS_MUST_MATCH, path: ['confirm_password'] });
    }
  });

export const forgotPasswordRequestSchema = z.object({
  email: text().trim().max(254),
});

/** POST {auth}/manage/users/reset/{token}: reset and enrolment alike. */
export const setPasswordRequestSchema = z.object({ password: newPasswordSchema });
export const setPasswordResponseSchema = z.object({ username: z.string() });

/** The platform's answers beyond the shared rules. */
export const PASSWORD_TOO_COMMON = 'This password is too common; choose another';
export const LINK_EXPIRED_MESSAGE = 'This link has expired or has already been used';
