import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@web-control/contract/inputs';
import {
  receiversResponseSchema,
  serviceSchema,
  servicesResponseSchema,
  setReceiverActiveSchema,
  setReceiverWeightSchema,
} from '@web-control/contract/load-balancer';
import { lbReviewSchema, reviewDecisionSchema, sentForReviewSchema } from '@web-control/contract/reviews';
import { entityTagOf } from '@web-control/contract/versions';
import { actorOf } from '../../plugins/auth-guard.ts';
import {
  BEARER_SECURITY,
  expectedVersionOf,
  NO_CONTENT_SCHEMA,
  permissions,
  refusals,
} from '../../plugins/route-helpers.ts';
import type { ReceiverReviews } from './receiver-reviews.ts';
import type { LoadBalancerService } from './service.ts';

export interface LoadBalancerRoutesOptions {
  service: LoadBalancerService;
  reviews: ReceiverReviews;
  /** FOUR_EYES=load-balancer: a receiver change becomes a request for another user to approve. */
  fourEyes: boolean;
}

const VIEW_LOAD_BALANCER = permissions('VIEW_LOAD_BALANCER');
const EDIT_LOAD_BALANCER = permissions('EDIT_LOAD_BALANCER');
// An unanswered change sent again with its Idempotency-Key is answered as the first, not made twice
// (under FOUR_EYES, not asked for review twice).
const EDIT_RECEIVER = { ...EDIT_LOAD_BALANCER, idempotent: true };
const MAX_ID_LENGTH = 64;
// A read looks an id of any length up: one longer than any stored names nothing, a 404 as for any
// unknown id. A change refuses it before anything is audited (the server refuses an overlong
// address before either).
const lookedUpId = text().min(1);
const changedId = text().min(1).max(MAX_ID_LENGTH);
const serviceParamsSchema = z.object({ serviceId: lookedUpId });
const reviewParamsSchema = z.object({ requestId: lookedUpId });
const reviewDecisionParamsSchema = z.object({ requestId: changedId });
const receiverParamsSchema = z.object({ serviceId: changedId, receiverId: changedId });
const REFUSALS = refusals(404);
const CHANGE_REFUSALS = refusals(404, 409);

/** The load balancer: services and their receivers; reading needs VIEW_, changing EDIT_LOAD_BALANCER. */
export const loadBalancerRoutes: FastifyPluginCallbackZod<LoadBalancerRoutesOptions> = (
  app,
  { service, reviews, fourEyes },
  done,
) => {
  app.get(
    '/',
    {
      config: VIEW_LOAD_BALANCER,
      schema: {
        tags: ['load-balancer'],
        summary: 'The load-balanced services with their current status',
        security: BEARER_SECURITY,
        response: { 200: servicesResponseSchema, ...REFUSALS },
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
        security: BEARER_SECURITY,
        params: serviceParamsSchema,
        response: { 200: serviceSchema, ...REFUSALS },
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
        security: BEARER_SECURITY,
        params: serviceParamsSchema,
        response: { 200: receiversResponseSchema, ...REFUSALS },
      },
    },
    async (request) => ({ receivers: await service.listReceivers(request.params.serviceId) }),
  );

  app.put(
    '/:serviceId/receivers/:receiverId/active',
    {
      config: EDIT_RECEIVER,
      schema: {
        tags: ['load-balancer'],
        summary:
          'Switch a receiver on or off (audited); traffic follows within 10 s. With If-Match: "<version>" only that version, else 409 with the receiver as it is now. With FOUR_EYES=load-balancer: 202, a request another user approves',
        security: BEARER_SECURITY,
        params: receiverParamsSchema,
        body: setReceiverActiveSchema,
        response: { 204: NO_CONTENT_SCHEMA, 202: sentForReviewSchema, ...CHANGE_REFUSALS },
      },
    },
    async (request, reply) => {
      const { serviceId, receiverId } = request.params;
      if (fourEyes) {
        const change = { active: request.body.active };
        const sent = await reviews.submit(
          actorOf(request),
          request.params,
          change,
          expectedVersionOf(request),
        );
        return reply.code(202).send(sent);
      }
      const version = await service.setActive(
        serviceId,
        receiverId,
        request.body.active,
        actorOf(request),
        expectedVersionOf(request),
      );
      return reply.code(204).header('etag', entityTagOf(version)).send(null);
    },
  );

  app.put(
    '/:serviceId/receivers/:receiverId/weight',
    {
      config: EDIT_RECEIVER,
      schema: {
        tags: ['load-balancer'],
        summary:
          'Set a receiver’s weight, an integer from 0 to 1000 (audited); traffic follows within 10 s. With If-Match: "<version>" only that version, else 409 with the receiver as it is now. With FOUR_EYES=load-balancer: 202, a request another user approves',
        security: BEARER_SECURITY,
        params: receiverParamsSchema,
        body: setReceiverWeightSchema,
        response: { 204: NO_CONTENT_SCHEMA, 202: sentForReviewSchema, ...CHANGE_REFUSALS },
      },
    },
    async (request, reply) => {
      const { serviceId, receiverId } = request.params;
      if (fourEyes) {
        const change = { weight: request.body.weight };
        const sent = await reviews.submit(
          actorOf(request),
          request.params,
          change,
          expectedVersionOf(request),
        );
        return reply.code(202).send(sent);
      }
      const version = await service.setWeight(
        serviceId,
        receiverId,
        request.body.weight,
        actorOf(request),
        expectedVersionOf(request),
      );
      return reply.code(204).header('etag', entityTagOf(version)).send(null);
    },
  );
  app.get(
    '/reviews/:requestId',
    {
      config: VIEW_LOAD_BALANCER,
      schema: {
        tags: ['load-balancer'],
        summary: 'A receiver change waiting for review (FOUR_EYES=load-balancer)',
        security: BEARER_SECURITY,
        params: reviewParamsSchema,
        response: { 200: lbReviewSchema, ...REFUSALS },
      },
    },
    async (request) => reviews.get(request.params.requestId),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/reviews/:requestId/${decision}`,
      {
        config: { ...EDIT_LOAD_BALANCER, idempotent: true },
        schema: {
          tags: ['load-balancer'],
          summary:
            decision === 'approve'
              ? 'Approve a receiver change, which makes it (never by whoever asked); 409 once decided or if the receiver changed since'
              : 'Reject a receiver change (never by whoever asked)',
          security: BEARER_SECURITY,
          params: reviewDecisionParamsSchema,
          body: reviewDecisionSchema,
          response: { 200: lbReviewSchema, ...CHANGE_REFUSALS },
        },
      },
      async (request) =>
        reviews.decide(actorOf(request), request.params.requestId, decision, request.body.comment),
    );
  }
  done();
};
