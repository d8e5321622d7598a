import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  acknowledgementBodySchema,
  clientMapContentSchema,
  clientMapsResponseSchema,
  mapIdParamsSchema,
} from '@web-control/contract/config-maps';
import { ERROR_CODES, errorBodySchema } from '@web-control/contract/errors';
import { PUBLIC_ROUTE } from '../../plugins/auth-guard.ts';
import { NO_CONTENT_SCHEMA } from '../../plugins/route-helpers.ts';
import { clientCredentialsOf, createClientSignInLimit } from './client-sign-in-limit.ts';
import type { ConfigMapsRoutesOptions } from './routes.ts';

const CLIENT_SECURITY = [{ clientBasicAuth: [] }];
const CLIENT_AUTH_MESSAGE = 'Sign in as a client: HTTP Basic with the client id and secret.';

declare module 'fastify' {
  interface FastifyRequest {
    configClientId?: string;
  }
}

/** The client API at /api/config/client: switch nodes, signed in with HTTP Basic (client id and secret). */
export const configClientRoutes: FastifyPluginCallbackZod<ConfigMapsRoutesOptions> = (
  app,
  { service },
  done,
) => {
  const refuse = (reply: FastifyReply) =>
    reply
      .code(401)
      .header('www-authenticate', 'Basic realm="config-clients", charset="UTF-8"')
      .send({ errorMessage: CLIENT_AUTH_MESSAGE, code: ERROR_CODES.unauthenticated });

  const signInLimit = createClientSignInLimit(app, (refusal) => service.recordClientSignInLimited(refusal));
  app.addHook('onRequest', async (request, reply) => {
    await signInLimit.check(request, reply);
    const credentials = clientCredentialsOf(request);
    const clientId =
      credentials === undefined
        ? undefined
        : await service.authenticateClient(credentials.clientId, credentials.secret);
    if (clientId === undefined) {
      await signInLimit.recordFailure(request);
      return refuse(reply);
    }
    request.configClientId = clientId;
  });
  const clientOf = (request: FastifyRequest): string => request.configClientId ?? '';

  const clientRefusals = { 401: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };
  app.get(
    '/maps',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags: ['config clients'],
        summary: 'The maps this client subscribes to, with the pushed version of each',
        security: CLIENT_SECURITY,
        response: { 200: clientMapsResponseSchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => service.clientMaps(clientOf(request)),
  );

  app.get(
    '/maps/:id',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags: ['config clients'],
        summary: "The pushed version's every mapping",
        security: CLIENT_SECURITY,
        params: mapIdParamsSchema,
        response: { 200: clientMapContentSchema, ...clientRefusals },
      },
    },
    async (request) => service.clientMapContent(clientOf(request), request.params.id),
  );

  app.post(
    '/maps/:id/acknowledgements',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags: ['config clients'],
        summary: 'Acknowledge the pushed version as applied or rejected, with a log message and time',
        security: CLIENT_SECURITY,
        params: mapIdParamsSchema,
        body: acknowledgementBodySchema,
        response: { 204: NO_CONTENT_SCHEMA, 400: errorBodySchema, 409: errorBodySchema, ...clientRefusals },
      },
    },
    async (request, reply) => {
      await service.acknowledge(clientOf(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );
  done();
};
