import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { reviewsRoutes } from './routes.ts';
import { createReviewsService, type ReviewsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The inbox's rows, for its export. */
    reviews: ReviewsService;
  }
}

/** The reviews inbox at /api/reviews: every area's pending requests in one list. */
const reviews: FastifyPluginAsync = async (app) => {
  const service = createReviewsService({
    db: app.services.database.db,
    configMaps: app.configMaps,
    receiverReviews: app.receiverReviews,
    adminReviews: app.adminReviews,
    financeReviews: app.financeReviews,
  });
  app.decorate('reviews', service);
  await app.register(reviewsRoutes, { prefix: '/api/reviews', service });
};

export const reviewsPlugin = fp(reviews, {
  name: 'reviews',
  dependencies: ['auth', 'config-maps', 'load-balancer', 'finance'],
});
