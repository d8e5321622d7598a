import { z } from 'zod';
import { text } from './inputs.ts';

/** The body of every 4xx and 5xx answer of the platform. */
export const errorBodySchema = z.object({
  errorMessage: text(),
  code: text(),
  details: z.unknown().optional(),
  correlationId: text().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  badRequest: 'BAD_REQUEST',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  invalidCredentials: 'INVALID_CREDENTIALS',
  invalidRefreshToken: 'INVALID_REFRESH_TOKEN',
  /** A refresh refused because the session went unused longer than SESSION_IDLE_MINUTES. */
  sessionIdle: 'SESSION_IDLE',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  uriTooLong: 'URI_TOO_LONG',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  internal: 'INTERNAL_ERROR',
  /** The platform cannot reach its database for now: try again after the Retry-After header's seconds. */
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
  ssoStateInvalid: 'SSO_STATE_INVALID',
  ssoFailed: 'SSO_FAILED',
  unknownIdentity: 'UNKNOWN_IDENTITY',
  accountDisabled: 'ACCOUNT_DISABLED',
  identityProviderUnavailable: 'IDENTITY_PROVIDER_UNAVAILABLE',
  conflict: 'CONFLICT',
  linkExpired: 'LINK_EXPIRED',
  passwordSignInDisabled: 'PASSWORD_SIGN_IN_DISABLED',
  /** A finance process that does not exist (specification 2's error catalogue). */
  noProcessFound: 'NO_PROCESS_FOUND',
} as const;
