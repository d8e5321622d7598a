import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@web-control/contract/errors';
import { text } from '@web-control/contract/inputs';
import {
  forgotPasswordRequestSchema,
  setPasswordRequestSchema,
  setPasswordResponseSchema,
} from '@web-control/contract/passwords';
import { clientOf, PUBLIC_ROUTE } from '../../plugins/auth-guard.ts';
import { rateLimitPerMinute } from '../../plugins/route-helpers.ts';
import type { PasswordResetService } from './password-reset-service.ts';

export interface PasswordResetRoutesOptions {
  service: PasswordResetService;
  /** Per client address and minute, as for login. */
  rateLimitPerMinute: number;
}

const TOKEN_MAX_LENGTH = 256;

/** Asking for a reset link, and setting a password through a reset or enrolment link. */
export const passwordResetRoutes: FastifyPluginCallbackZod<PasswordResetRoutesOptions> = (
  app,
  options,
  done,
) => {
  const { service } = options;
  const rateLimit = rateLimitPerMinute(options.rateLimitPerMinute);

  app.post(
    '/manage/users/forgot',
    {
      config: { ...PUBLIC_ROUTE, rateLimit },
      schema: {
        tags: ['passwords'],
        summary: 'E-mail a reset link to the users with this address; answers the same for any address',
        body: forgotPasswordRequestSchema,
        response: { 204: z.null().describe('Requested'), 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.requestReset(request.body.email, clientOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/manage/users/reset/:token',
    {
      config: { ...PUBLIC_ROUTE, rateLimit },
      schema: {
        tags: ['passwords'],
        summary: 'Set a password through a reset or enrolment link (each link works once)',
        params: z.object({ token: text().min(1).max(TOKEN_MAX_LENGTH) }),
        body: setPasswordRequestSchema,
        response: {
          200: setPasswordResponseSchema,
          400: errorBodySchema,
          410: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => service.setPassword(request.params.token, request.body.password, clientOf(request)),
  );
  done();
};
