import { z } from 'zod';
import { text } from './inputs.ts';

export const LOGIN_MESSAGES = {
  username: 'Please enter a valid username',
  password: 'Please enter your password',
  failed: 'Incorrect username or password',
} as const;

export const USERNAME_MAX_LENGTH = 128;
export const PASSWORD_MAX_LENGTH = 256;

/** One schema for the login form and the login request. */
export const loginRequestSchema = z.object({
  username: text(LOGIN_MESSAGES.username)
    .trim()
    .min(1, LOGIN_MESSAGES.username)
    .max(USERNAME_MAX_LENGTH, LOGIN_MESSAGES.username),
  password: text(LOGIN_MESSAGES.password)
    .min(1, LOGIN_MESSAGES.password)
    .max(PASSWORD_MAX_LENGTH, LOGIN_MESSAGES.password),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenPairSchema = z.object({
  access_token: text(),
  refresh_token: text(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshTokenRequestSchema = z.object({
  refreshToken: text().min(1).max(512),
});
export type RefreshTokenRequest = z.infer<typeof refreshTokenRequestSchema>;

export const logoutRequestSchema = z.object({
  refresh_token: text().min(1).max(512),
});
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

/** The claims of an access token that the console reads. */
export const accessTokenClaimsSchema = z.object({
  sub: text(),
  username: text(),
  preferred_username: text().optional(),
  permissions: z.array(text()),
  exp: z.number().optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/**
 * What the platform itself checks on every request besides the console's claims: the session
 * (refresh-token family) the token belongs to and the user's authorization version when it was signed.
 */
export const sessionAccessTokenClaimsSchema = accessTokenClaimsSchema.extend({
  sid: text(),
  ver: z.number().int(),
});
export type SessionAccessTokenClaims = z.infer<typeof sessionAccessTokenClaimsSchema>;

/**
 * A response header the platform adds when the bearer token's permissions are no longer the user's
 * (a role changed since it was signed): the console then refreshes its token, so what it shows
 * follows the change at once rather than when the token expires.
 */
export const PERMISSIONS_CHANGED_HEADER = 'permissions-changed';

/** Access tokens live about five minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
