import { z } from 'zod';
import { USERNAME_MAX_LENGTH } from './auth.ts';
import { integerIdSchema, text } from './inputs.ts';
import { holdsCardNumber } from './iso8583-masking.ts';
import { staleVersionDetailsSchema, versionSchema } from './versions.ts';

/** User and role administration under {auth}/manage (MANAGE_USERS). */
export const permissionOptionSchema = z.object({
  id: z.number().int(),
  permission: text(),
});
export type PermissionOption = z.infer<typeof permissionOptionSchema>;

export const roleSchema = z.object({
  roleId: z.number().int(),
  role: text(),
  permissions: z.array(permissionOptionSchema),
  /** Sent back in If-Match when the role is saved. */
  version: versionSchema,
});
export type Role = z.infer<typeof roleSchema>;

export const userRoleSchema = z.object({ roleId: z.number().int(), role: text() });

/** In the list a user may come without roles; the detail always carries them. */
export const userSchema = z.object({
  userId: text(),
  username: text(),
  email: text().nullable(),
  msisdn: text().nullable(),
  roles: z.array(userRoleSchema).optional(),
  /** Sent back in If-Match when the user is saved. */
  version: versionSchema,
});
export type User = z.infer<typeof userSchema>;

/** The details of a 409 for a stale user: the user as they are now. */
export const staleUserDetailsSchema = staleVersionDetailsSchema(userSchema);

export const usersResponseSchema = z.object({ users: z.array(userSchema) });
export const rolesResponseSchema = z.object({ roles: z.array(roleSchema) });
export const permissionsResponseSchema = z.object({ permissions: z.array(permissionOptionSchema) });

/**
 * Latin letters without accents only: a name of look-alike letters from another script ("аdmin"
 * with a Cyrillic а) would pass for another user's in every list and audit entry.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;
export const USERNAME_MESSAGE =
  'A username may hold the letters A to Z (either case), digits and . _ @ - only';
export const ROLE_NAME_MAX_LENGTH = 64;
export const EMAIL_MAX_LENGTH = 254;
/** As typed, grouping included: longer numbers are refused by the digits' rule, with its message. */
export const MSISDN_MAX_LENGTH = 40;
/** E.164: at most 15 digits with the country code. Sixteen or more is no telephone number but a card number's length. */
const MSISDN_PATTERN = /^\+?[0-9]{6,15}$/;
export const MSISDN_MESSAGE = 'A mobile number holds 6 to 15 digits, optionally after a +';
/** A card number is kept nowhere, a user's details included (they are listed, exported and audited). */
export const USERNAME_CARD_NUMBER_MESSAGE = 'A username must not hold a card number';
export const EMAIL_CARD_NUMBER_MESSAGE = 'An e-mail address must not hold a card number';
export const ROLE_NAME_CARD_NUMBER_MESSAGE = 'A role name must not hold a card number';

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** A user as the create and edit forms send it; the form holds a single role. */
export const userInputSchema = z.object({
  username: text()
    .trim()
    .min(1, 'Enter a username')
    .max(USERNAME_MAX_LENGTH, `A username has at most ${USERNAME_MAX_LENGTH} characters`)
    .regex(USERNAME_PATTERN, USERNAME_MESSAGE)
    .refine((value) => !holdsCardNumber(value), USERNAME_CARD_NUMBER_MESSAGE),
  // A pasted address often brings a space along: it is kept without it, as the username is.
  email: text()
    .trim()
    // The API's documentation of what is sent: the e-mail rules below are the piped output's.
    .meta({ format: 'email', maxLength: EMAIL_MAX_LENGTH })
    .pipe(
      z
        .email('Enter a valid e-mail address')
        .max(EMAIL_MAX_LENGTH)
        .refine((value) => !holdsCardNumber(value), EMAIL_CARD_NUMBER_MESSAGE),
    ),
  msisdn: optionalText(MSISDN_MAX_LENGTH)
    // Spaces and hyphens only group the digits ("+27 82 000 0000"): the number is kept without them.
    .transform((value) => (value === null ? null : value.replace(/[\s-]/g, '')))
    .refine((value) => value === null || MSISDN_PATTERN.test(value), { message: MSISDN_MESSAGE }),
  roles: z.array(z.object({ roleId: integerIdSchema })).length(1, 'Choose one role'),
});
export type UserInput = z.input<typeof userInputSchema>;

export const createdUserSchema = z.object({ userId: text() });

/**
 * A user's password sign-in lock: `lockedUntil` while wrong passwords keep them out (null when
 * not locked), and the wrong passwords typed in a row (since the last sign-in, lock or unlock).
 */
export const signInLockSchema = z.object({
  lockedUntil: z.iso.datetime({ offset: true }).nullable(),
  failedAttempts: z.number().int().min(0),
});
export type SignInLock = z.infer<typeof signInLockSchema>;

export const roleInputSchema = z.object({
  role: text()
    .trim()
    .min(1, 'Enter a role name')
    .max(ROLE_NAME_MAX_LENGTH, `A role name has at most ${ROLE_NAME_MAX_LENGTH} characters`)
    // Role names are listed, exported and offered in every user form.
    .refine((value) => !holdsCardNumber(value), ROLE_NAME_CARD_NUMBER_MESSAGE),
  permissions: z.array(z.object({ id: integerIdSchema })),
});
export type RoleInput = z.input<typeof roleInputSchema>;

/** The details of a 409 for a stale role: the role as it is now. */
export const staleRoleDetailsSchema = staleVersionDetailsSchema(roleSchema);

export const createdRoleSchema = z.object({ roleId: z.number().int() });

/** Nobody picks their own permissions: the Role field says so on one's own user, the platform refuses it. */
export const CHANGE_OWN_ROLE_MESSAGE = 'You cannot change your own role; ask another administrator';
export const DELETE_SELF_MESSAGE = 'You cannot delete your own account; ask another administrator';
/** Nor those of the role they hold: the role's Edit says so, the platform refuses it. */
export const CHANGE_HELD_ROLE_MESSAGE = 'You cannot change a role you hold; ask another administrator';
