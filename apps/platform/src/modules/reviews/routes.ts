import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  REVIEW_PERMISSIONS,
  reviewCountSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
} from '@web-control/contract/reviews';
import { forbidden } from '../../errors.ts';
import { BEARER_SECURITY, permissions, refusals } from '../../plugins/route-helpers.ts';
import type { Reviewer, ReviewsService } from './service.ts';
import type { FastifyRequest } from 'fastify';

export const REVIEWS_MESSAGES = {
  noReviewPermission: 'You may not review any requests.',
} as const;

/** The signed-in user, who must hold at least one area's review permission (the route asks only sign-in). */
function reviewerOf(request: FastifyRequest): Reviewer {
  const user = request.user;
  if (user === null || !Object.values(REVIEW_PERMISSIONS).some((name) => user.permissions.includes(name))) {
    throw forbidden(REVIEWS_MESSAGES.noReviewPermission);
  }
  return { userId: user.id, username: user.username, permissions: user.permissions };
}

const SIGNED_IN = permissions();

export const reviewsRoutes: FastifyPluginCallbackZod<{ service: ReviewsService }> = (
  app,
  { service },
  done,
) => {
  app.get(
    '/',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['reviews'],
        summary:
          'Pending requests the user may review (finance actions, map reviews, receiver changes, user and role changes), never their own; oldest first. Needs APPROVE_ACTIONS, APPROVE_MAPS, EDIT_LOAD_BALANCER or MANAGE_USERS',
        security: BEARER_SECURITY,
        querystring: reviewsQuerySchema,
        response: { 200: reviewsResponseSchema, ...refusals() },
      },
    },
    async (request) => service.list(reviewerOf(request), request.query),
  );

  app.get(
    '/count',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['reviews'],
        summary: 'How many requests the user may review (the menu badge)',
        security: BEARER_SECURITY,
        response: { 200: reviewCountSchema, ...refusals() },
      },
    },
    async (request) => ({
      count: (await service.list(reviewerOf(request), { offset: 0, limit: 1 })).total,
    }),
  );
  done();
};
