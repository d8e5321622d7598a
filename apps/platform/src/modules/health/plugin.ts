import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { healthRoutes } from './routes.ts';

/** GET /api/health: liveness and database readiness. */
const health: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes, { db: app.services.database.db });
};

export const healthPlugin = fp(health, { name: 'health', dependencies: ['auth-guard'] });
