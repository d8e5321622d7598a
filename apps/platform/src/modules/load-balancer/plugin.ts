import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { loadBalancerRoutes } from './routes.ts';
import { createLoadBalancerService, type LoadBalancerService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared with the transactions module: the receivers its filter offers. */
    loadBalancer: LoadBalancerService;
  }
}

/** The load balancer at /api/lb. Not encapsulated, so later modules see its service. */
const loadBalancer: FastifyPluginAsync = async (app) => {
  const { database, clock, audit } = app.services;
  const service = createLoadBalancerService({ db: database.db, clock, audit });
  app.decorate('loadBalancer', service);
  await app.register(loadBalancerRoutes, { prefix: '/api/lb', service });
};

export const loadBalancerPlugin = fp(loadBalancer, { name: 'load-balancer', dependencies: ['auth-guard'] });
