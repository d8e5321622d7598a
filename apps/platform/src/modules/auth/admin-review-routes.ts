import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@web-control/contract/inputs';
import { adminReviewSchema, reviewDecisionSchema } from '@web-control/contract/reviews';
import { actorOf } from '../../plugins/auth-guard.ts';
import { BEARER_SECURITY, permissions, refusals } from '../../plugins/route-helpers.ts';
import type { AdminReviews } from './admin-reviews.ts';

const MANAGE_USERS = permissions('MANAGE_USERS');
const MAX_ID_LENGTH = 64;
const reviewParamsSchema = z.object({ requestId: text().min(1).max(MAX_ID_LENGTH) });

/** User and role changes waiting for review (FOUR_EYES=admin): whoever may make them checks others'. */
export const adminReviewRoutes: FastifyPluginCallbackZod<{ reviews: AdminReviews }> = (
  app,
  { reviews },
  done,
) => {
  app.get(
    '/manage/reviews/:requestId',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'A user or role change waiting for review (FOUR_EYES=admin), with the fields it changes',
        security: BEARER_SECURITY,
        params: reviewParamsSchema,
        response: { 200: adminReviewSchema, ...refusals(404) },
      },
    },
    async (request) => reviews.get(request.params.requestId),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/manage/reviews/:requestId/${decision}`,
      {
        config: { ...MANAGE_USERS, idempotent: true },
        schema: {
          tags: ['admin'],
          summary:
            decision === 'approve'
              ? 'Approve a user or role change, which makes it with every rule of a direct change (never by whoever asked or the user it changes); 409 once decided or if the user or role changed since'
              : 'Reject a user or role change (never by whoever asked or the user it changes)',
          security: BEARER_SECURITY,
          params: reviewParamsSchema,
          body: reviewDecisionSchema,
          response: { 200: adminReviewSchema, ...refusals(404, 409) },
        },
      },
      async (request) =>
        reviews.decide(actorOf(request), request.params.requestId, decision, request.body.comment),
    );
  }
  done();
};
