import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, errorBodySchema } from '@web-control/contract/errors';
import { text } from '@web-control/contract/inputs';
import {
  receiversResponseSchema,
  serviceSchema,
  servicesResponseSchema,
  setReceiverActiveSchema,
  setReceiverWeightSchema,
} from '@web-control/contract/load-balancer';
import type { Permission } from '@web-control/contract/permissions';
import { AppError, UNAUTHENTICATED_MESSAGE } from '../../errors.ts';
import type { LbContext, LoadBalancerService } from './service.ts';

export interface LoadBalancerRoutesOptions {
  service: LoadBalancerService;
}

const VIEW_LOAD_BALANCER = { permissions: ['VIEW_LOAD_BALANCER'] as const satisfies readonly Permission[] };
const EDIT_LOAD_BALANCER = { permissions: ['EDIT_LOAD_BALANCER'] as const satisfies readonly Permission[] };
const BEARER = [{ bearerAuth: [] }];
const MAX_ID_LENGTH = 64;

const id = text().min(1).max(MAX_ID_LENGTH);
const serviceParamsSchema = z.object({ serviceId: id });
const receiverParamsSchema = z.object({ serviceId: id, receiverId: id });
const noContentSchema = z.null().describe('Done');
const refusals = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

function contextOf(request: FastifyRequest): LbContext {
  if (request.user === null) {
    // The guard has already turned away anyone unsigned; this keeps the types honest.
    throw new AppError(401, ERROR_CODES.unauthenticated, UNAUTHENTICATED_MESSAGE);
  }
  return { actor: request.user.username, clientAddress: request.ip };
}

/** The load balancer: services and their receivers; reading needs VIEW_, changing EDIT_LOAD_BALANCER. */
export const loadBalancerRoutes: FastifyPluginCallbackZod<LoadBalancerRoutesOptions> = (
  app,
  { service },
  done,
) => {
  app.get(
    '/',
    {
      config: VIEW_LOAD_BALANCER,
      schema: {
        tags: ['load-balancer'],
        summary: 'The load-balanced services with their current status',
        security: BEARER,
        response: { 200: servicesResponseSchema, ...refusals },
      },
    },
    async () => ({ services: await service.listServices() }),
  );

  app.get(
    '/:serviceId',
    {
      config: VIEW_LOAD_BALANCER,
      schema: {
        tags: ['load-balancer'],
        summary: 'One load-balanced service',
        security: BEARER,
        params: serviceParamsSchema,
        response: { 200: serviceSchema, ...refusals },
      },
    },
    async (request) => service.getService(request.params.serviceId),
  );

  app.get(
    '/:serviceId/receivers',
    {
      config: VIEW_LOAD_BALANCER,
      schema: {
        tags: ['load-balancer'],
        summary:
          'A service’s receivers with weight, throughput (req/s, last 10 s) and success rate (%, last 5 min)',
        security: BEARER,
        params: serviceParamsSchema,
        response: { 200: receiversResponseSchema, ...refusals },
      },
    },
    async (request) => ({ receivers: await service.listReceivers(request.params.serviceId) }),
  );

  app.put(
    '/:serviceId/receivers/:receiverId/active',
    {
      config: EDIT_LOAD_BALANCER,
      schema: {
        tags: ['load-balancer'],
        summary: 'Switch a receiver on or off (audited); traffic follows within 10 s',
        security: BEARER,
        params: receiverParamsSchema,
        body: setReceiverActiveSchema,
        response: { 204: noContentSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { serviceId, receiverId } = request.params;
      await service.setActive(serviceId, receiverId, request.body.active, contextOf(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/:serviceId/receivers/:receiverId/weight',
    {
      config: EDIT_LOAD_BALANCER,
      schema: {
        tags: ['load-balancer'],
        summary: 'Set a receiver’s weight, an integer from 0 to 1000 (audited); traffic follows within 10 s',
        security: BEARER,
        params: receiverParamsSchema,
        body: setReceiverWeightSchema,
        response: { 204: noContentSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { serviceId, receiverId } = request.params;
      await service.setWeight(serviceId, receiverId, request.body.weight, contextOf(request));
      return reply.code(204).send(null);
    },
  );
  done();
};
