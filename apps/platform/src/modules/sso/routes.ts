import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokenPairSchema } from '@web-control/contract/auth';
import { ERROR_CODES, errorBodySchema } from '@web-control/contract/errors';
import { SSO_MESSAGES, ssoAuthorizeQuerySchema, ssoTokenRequestSchema } from '@web-control/contract/sso';
import { AppError } from '../../errors.ts';
import { clientOf, PUBLIC_ROUTE } from '../../plugins/auth-guard.ts';
import { rateLimitPerMinute } from '../../plugins/route-helpers.ts';
import { CONSOLE_LOGIN_PATH, selectExtraParameters, type SsoService } from './service.ts';

export interface SsoRoutesOptions {
  service: SsoService;
  loginRateLimitPerMinute: number;
  /** The console's public origin when configured; otherwise the request's own origin counts. */
  publicOrigin?: string | undefined;
}

/** The one redirect URI accepted: the console's /login on the origin it is served from. */
function expectedRedirectUri(request: FastifyRequest, publicOrigin: string | undefined): string {
  // Through URL, as a browser's location.origin: no default port, lower-case host.
  const origin = new URL(publicOrigin ?? `${request.protocol}://${request.host}`);
  return `${origin.origin}${origin.pathname.replace(/\/+$/, '')}${CONSOLE_LOGIN_PATH}`;
}

export const ssoRoutes: FastifyPluginCallbackZod<SsoRoutesOptions> = (app, options, done) => {
  const { service } = options;
  const rateLimit = rateLimitPerMinute(options.loginRateLimitPerMinute);

  app.get(
    '/login/auth',
    {
      config: { ...PUBLIC_ROUTE, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Start single sign-on: redirects the browser to the identity provider',
        description:
          'redirectUri must be the console login page; state is the console’s random value. Any further query parameters (login_hint, domain_hint, …) are passed on to the provider, except those the platform sets itself.',
        querystring: ssoAuthorizeQuerySchema,
        response: {
          302: z
            .null()
            .describe('To the identity provider (or back to redirectUri with error when it is unreachable)'),
          400: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { redirectUri, state, ...rest } = request.query;
      if (redirectUri !== expectedRedirectUri(request, options.publicOrigin)) {
        throw new AppError(400, ERROR_CODES.badRequest, SSO_MESSAGES.redirectUriInvalid);
      }
      try {
        const location = await service.startSignIn({
          redirectUri,
          state,
          extras: selectExtraParameters(rest),
        });
        return await reply.redirect(location.href, 302);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== ERROR_CODES.identityProviderUnavailable) {
          throw error;
        }
        request.log.warn({ err: error.cause }, 'The identity provider cannot be reached');
        // Back to the console, as a provider reports errors, so the page can say so.
        const back = new URL(redirectUri);
        back.searchParams.set('error', 'temporarily_unavailable');
        back.searchParams.set('state', state);
        return reply.redirect(back.href, 302);
      }
    },
  );

  app.post(
    '/login/token',
    {
      config: { ...PUBLIC_ROUTE, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Finish single sign-on: exchange the returned code for the platform’s token pair',
        body: ssoTokenRequestSchema,
        response: {
          200: tokenPairSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) => service.exchangeCode(request.body, clientOf(request)),
  );
  done();
};
