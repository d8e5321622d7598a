import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { monitoringRoutes } from './routes.ts';
import { createMonitoringService } from './service.ts';

/** Health monitoring of the switch, at /api/ecs. */
const monitoring: FastifyPluginAsync = async (app) => {
  const { database, clock, settings } = app.services;
  const service = createMonitoringService({ db: database.db, clock, batchSize: settings.metricsBatchSize });
  await app.register(monitoringRoutes, { prefix: '/api/ecs', service });
};

export const monitoringPlugin = fp(monitoring, { name: 'monitoring', dependencies: ['auth-guard'] });
