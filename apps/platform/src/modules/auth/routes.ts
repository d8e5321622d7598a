import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  logoutRequestSchema,
  refreshTokenRequestSchema,
  tokenPairSchema,
} from '@web-control/contract/auth';
import { ERROR_CODES, errorBodySchema } from '@web-control/contract/errors';
import { AppError } from '../../errors.ts';
import { clientOf, PUBLIC_ROUTE } from '../../plugins/auth-guard.ts';
import { rateLimitPerMinute } from '../../plugins/route-helpers.ts';
import type { AuthService } from './service.ts';

export interface AuthRoutesOptions {
  service: AuthService;
  loginRateLimitPerMinute: number;
  /** False when users sign in through the identity provider: a password never opens a session. */
  passwordSignIn: boolean;
}

export const PASSWORD_SIGN_IN_DISABLED_MESSAGE =
  'Users sign in through the identity provider here; signing in with a password is turned off.';

export const authRoutes: FastifyPluginCallbackZod<AuthRoutesOptions> = (app, options, done) => {
  const { service } = options;

  app.post(
    '/login',
    {
      config: {
        ...PUBLIC_ROUTE,
        rateLimit: rateLimitPerMinute(options.loginRateLimitPerMinute),
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password',
        body: loginRequestSchema,
        response: { 200: tokenPairSchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      if (!options.passwordSignIn) {
        throw new AppError(403, ERROR_CODES.passwordSignInDisabled, PASSWORD_SIGN_IN_DISABLED_MESSAGE);
      }
      return service.login(request.body.username, request.body.password, clientOf(request));
    },
  );

  app.post(
    '/refresh-token',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new pair (the presented one is spent)',
        body: refreshTokenRequestSchema,
        response: { 200: tokenPairSchema, 401: errorBodySchema },
      },
    },
    async (request) => service.refresh(request.body.refreshToken, clientOf(request)),
  );

  app.post(
    '/logout',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the session of a refresh token',
        body: logoutRequestSchema,
        response: { 204: z.null().describe('Signed out') },
      },
    },
    async (request, reply) => {
      await service.logout(request.body.refresh_token, clientOf(request));
      return reply.code(204).send(null);
    },
  );
  done();
};
