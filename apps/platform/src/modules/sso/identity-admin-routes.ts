import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  identityLinkInputSchema,
  userIdentitiesResponseSchema,
  userIdentitySchema,
} from '@web-control/contract/sso';
import { actorOf } from '../../plugins/auth-guard.ts';
import { BEARER_SECURITY, NO_CONTENT_SCHEMA, permissions, refusals } from '../../plugins/route-helpers.ts';
import type { IdentityAdminService } from './identity-admin-service.ts';

export interface IdentityAdminRoutesOptions {
  service: IdentityAdminService;
}

const MANAGE_USERS = permissions('MANAGE_USERS');

const userParamsSchema = z.object({ userId: z.guid('A user id is a UUID') });

/** The external identities that sign in as a user, behind MANAGE_USERS beside user administration. */
export const identityAdminRoutes: FastifyPluginCallbackZod<IdentityAdminRoutesOptions> = (
  app,
  { service },
  done,
) => {
  app.get(
    '/manage/users/:userId/identities',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'The identity provider accounts linked to a user',
        security: BEARER_SECURITY,
        params: userParamsSchema,
        response: { 200: userIdentitiesResponseSchema, ...refusals(404) },
      },
    },
    async (request) => ({ identities: await service.listIdentities(request.params.userId) }),
  );

  app.put(
    '/manage/users/:userId/identities',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary:
          'Link an identity (issuer and subject) to a user; it replaces the user’s link at the same issuer',
        security: BEARER_SECURITY,
        params: userParamsSchema,
        body: identityLinkInputSchema,
        response: { 200: userIdentitySchema, ...refusals(404, 409) },
      },
    },
    async (request) => service.linkIdentity(request.params.userId, request.body, actorOf(request)),
  );

  app.delete(
    '/manage/users/:userId/identities',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'Unlink an identity (issuer and subject) from a user',
        security: BEARER_SECURITY,
        params: userParamsSchema,
        querystring: identityLinkInputSchema,
        response: { 204: NO_CONTENT_SCHEMA, ...refusals(404) },
      },
    },
    async (request, reply) => {
      await service.unlinkIdentity(request.params.userId, request.query, actorOf(request));
      return reply.code(204).send(null);
    },
  );
  done();
};
