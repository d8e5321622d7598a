import { z } from 'zod';

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

const ssoState = z.string().regex(SSO_STATE_PATTERN, 'must be 16 to 256 URL-safe characters');

/** The query of the browser redirect; any further parameters are passed on to the provider. */
export const ssoAuthorizeQuerySchema = z
  .object({
    redirectUri: z.string().min(1).max(2048),
    state: ssoState,
  })
  .catchall(z.string().max(2048));
export type SsoAuthorizeQuery = z.infer<typeof ssoAuthorizeQuerySchema>;

/**
 * The code exchange. The specification names redirectUri and code; state finds the transaction
 * the redirect started, and iss (RFC 9207) is passed on when the provider returned it.
 */
export const ssoTokenRequestSchema = z.object({
  redirectUri: z.string().min(1).max(2048),
  code: z.string().min(1).max(SSO_CODE_MAX_LENGTH),
  state: ssoState,
  iss: z.string().max(2048).optional(),
});
export type SsoTokenRequest = z.infer<typeof ssoTokenRequestSchema>;
