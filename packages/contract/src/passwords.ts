import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth.ts';
import { text } from './inputs.ts';

export const PASSWORD_MIN_LENGTH = 8;
/** PCI DSS 8.3.6: a password chosen now has at least 12 characters (the spec's 8 still checks first). */
export const NEW_PASSWORD_MIN_LENGTH = 12;
/**
 * Said under a new password before any rule is broken: the rules' own texts come one at a time,
 * and the specification's "at least 8" comes before "at least 12".
 */
export const NEW_PASSWORD_HINT = `At least ${NEW_PASSWORD_MIN_LENGTH} characters, with upper and lower case letters, a digit and a symbol.`;

const SEASONS_AND_MONTHS = [
  'spring',
  'summer',
  'autumn',
  'fall',
  'winter',
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
].join('|');
/** A season or month next to a year, either way round: Summer2026!, january2025, 2024-Dec. */
const SEASON_OR_MONTH_WITH_YEAR = new RegExp(
  `(?:${SEASONS_AND_MONTHS})[^a-z0-9]*(?:19|20)\\d{2}|(?:19|20)\\d{2}[^a-z0-9]*(?:${SEASONS_AND_MONTHS})`,
  'i',
);

/** True for the guessable pattern of a season or month with a year. */
export function isSeasonOrMonthWithYear(password: string): boolean {
  return SEASON_OR_MONTH_WITH_YEAR.test(password);
}

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
  // Beyond the specification (PCI DSS 8.3.6, guessable patterns); checked after its rules.
  {
    test: (password: string) => password.length >= NEW_PASSWORD_MIN_LENGTH,
    message: `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters long`,
  },
  {
    test: (password: string) => !isSeasonOrMonthWithYear(password),
    message: 'Password must not be a season or a month with a year',
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

export const newPasswordSchema = text()
  .max(PASSWORD_MAX_LENGTH, `A password has at most ${PASSWORD_MAX_LENGTH} characters`)
  .superRefine((password, context) => {
    const message = checkPassword(password);
    if (message) context.addIssue({ code: 'custom', message });
  });

/** The console's new-password form: the rules on password, the match on confirm_password. */
export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirm_password: text() })
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
export const setPasswordResponseSchema = z.object({ username: text() });

/** The platform's answers beyond the shared rules. */
export const PASSWORD_TOO_COMMON = 'This password is too common; choose another';
/** How many of the user's passwords (the current one and those before) a new one may not repeat. */
export const PASSWORD_HISTORY_DEPTH = 4;
export const PASSWORD_RECENTLY_USED = `This password is one of your last ${PASSWORD_HISTORY_DEPTH}; choose another`;
export const LINK_EXPIRED_MESSAGE = 'This link has expired or has already been used';
