import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createReceiverReviews, type ReceiverReviews } from './receiver-reviews.ts';
import { loadBalancerRoutes } from './routes.ts';
import { createLoadBalancerService, type LoadBalancerService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared with the transactions module: the receivers its filter offers. */
    loadBalancer: LoadBalancerService;
    /** Receiver changes waiting for review: the reviews inbox names them. */
    receiverReviews: ReceiverReviews;
  }
}

/** The load balancer at /api/lb. Not encapsulated, so later modules see its service. */
const loadBalancer: FastifyPluginAsync = async (app) => {
  const { database, clock, audit } = app.services;
  const service = createLoadBalancerService({ db: database.db, clock, audit });
  const reviews = createReceiverReviews({ db: database.db, clock, audit, lb: service });
  app.decorate('loadBalancer', service);
  app.decorate('receiverReviews', reviews);
  const fourEyes = app.services.settings.fourEyes.has('load-balancer');
  await app.register(loadBalancerRoutes, { prefix: '/api/lb', service, reviews, fourEyes });
};

export const loadBalancerPlugin = fp(loadBalancer, { name: 'load-balancer', dependencies: ['auth-guard'] });
