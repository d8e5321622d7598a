import { z } from 'zod';
import { text, textChecks } from './inputs.ts';

/**
 * Single sign-on through an external OpenID Connect provider. The console starts the flow with a
 * browser redirect to `{auth}/login/auth` and finishes it with `POST {auth}/login/token`.
 */

/** The state the console generates: 32 random bytes, base64url (43 characters). */
export const SSO_STATE_PATTERN = /^[\w-]{16,256}$/;
export const SSO_CODE_MAX_LENGTH = 2048;

/** Query parameter names of the provider and domain hints that the console may remember. */
export const SSO_PROVIDER_HINT_PARAM = 'idp_hint';
export const SSO_DOMAIN_HINT_PARAM = 'domain_hint';

export const SSO_MESSAGES = {
  unknownIdentity: 'No Web Control account matches this sign-in. Ask an administrator to create one.',
  accountDisabled: 'This Web Control account is disabled. Ask an administrator.',
  stateInvalid: 'This sign-in has expired or was already used. Please sign in again.',
  failed: 'The identity provider did not confirm this sign-in. Please sign in again.',
  providerUnavailable: 'The identity provider cannot be reached. Please try again or contact support.',
  redirectUriInvalid: 'The redirect URI must be the login page of this console.',
} as const;

const ssoState = text().regex(SSO_STATE_PATTERN, 'must be 16 to 256 URL-safe characters');

/** The query of the browser redirect; any further parameters are passed on to the provider. */
export const ssoAuthorizeQuerySchema = z
  .object({
    redirectUri: text().min(1).max(2048),
    state: ssoState,
  })
  .catchall(text().max(2048));
export type SsoAuthorizeQuery = z.infer<typeof ssoAuthorizeQuerySchema>;

/**
 * The code exchange. The specification names redirectUri and code; state finds the transaction
 * the redirect started, and iss (RFC 9207) is passed on when the provider returned it.
 */
export const ssoTokenRequestSchema = z.object({
  redirectUri: text().min(1).max(2048),
  code: text().min(1).max(SSO_CODE_MAX_LENGTH),
  state: ssoState,
  iss: text().max(2048).optional(),
});
export type SsoTokenRequest = z.infer<typeof ssoTokenRequestSchema>;

/**
 * How an identity came to be linked: email at its first sign-in by a verified address;
 * administrator by an administrator naming its issuer and subject.
 */
export const IDENTITY_LINK_METHODS = ['email', 'administrator'] as const;
export type IdentityLinkMethod = (typeof IDENTITY_LINK_METHODS)[number];

export const SSO_ISSUER_MAX_LENGTH = 2048;
export const SSO_SUBJECT_MAX_LENGTH = 255;

export const SSO_IDENTITY_MESSAGES = {
  issuerInvalid: 'The issuer must be an https or http URL',
  subjectInvalid: `The subject must be 1 to ${SSO_SUBJECT_MAX_LENGTH} printable characters`,
  linkedToAnother: (username: string) =>
    `This identity is already linked to the user "${username}"; unlink it there first`,
  /** Another administrator linked it a moment ago (the unique key said so). */
  linkedJustNow: 'This identity was just linked to another user; unlink it there first',
  notLinked: 'This identity is not linked to this user',
} as const;

/** No control characters (NUL included): a subject is an opaque, printable string. */
const PRINTABLE = /^\P{Cc}*$/u;

/**
 * An identity an administrator links: the provider's issuer exactly as its ID tokens name it
 * (no normalising: a trailing slash is part of it) and the subject (`sub`) of the account there.
 */
export const identityLinkInputSchema = z.object({
  issuer: z
    .url({ protocol: /^https?$/, error: SSO_IDENTITY_MESSAGES.issuerInvalid })
    .max(SSO_ISSUER_MAX_LENGTH, SSO_IDENTITY_MESSAGES.issuerInvalid)
    .check(...textChecks(SSO_IDENTITY_MESSAGES.issuerInvalid)),
  subject: z
    .string(SSO_IDENTITY_MESSAGES.subjectInvalid)
    .min(1, SSO_IDENTITY_MESSAGES.subjectInvalid)
    .max(SSO_SUBJECT_MAX_LENGTH, SSO_IDENTITY_MESSAGES.subjectInvalid)
    .regex(PRINTABLE, SSO_IDENTITY_MESSAGES.subjectInvalid)
    .check(...textChecks(SSO_IDENTITY_MESSAGES.subjectInvalid)),
});
export type IdentityLinkInput = z.infer<typeof identityLinkInputSchema>;

/** One external identity linked to a user. */
export const userIdentitySchema = z.object({
  identityId: z.number().int(),
  issuer: text(),
  subject: text(),
  linkedBy: z.enum(IDENTITY_LINK_METHODS),
  linkedAt: z.iso.datetime({ offset: true }),
  /** null until the identity has signed in. */
  lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
});
export type UserIdentity = z.infer<typeof userIdentitySchema>;

export const userIdentitiesResponseSchema = z.object({ identities: z.array(userIdentitySchema) });
export type UserIdentitiesResponse = z.infer<typeof userIdentitiesResponseSchema>;
