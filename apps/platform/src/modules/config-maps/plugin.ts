import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { configClientRoutes } from './client-routes.ts';
import { configMappingsRoutes } from './mappings-routes.ts';
import { configMapsRoutes } from './routes.ts';
import { createConfigMapsService, type ConfigMapsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The simulated switch nodes (and tests) reach the maps through it. */
    configMaps: ConfigMapsService;
  }
}

/** Configuration maps at /api/config, and the client API the switch nodes use at /api/config/client. */
const configMaps: FastifyPluginAsync = async (app) => {
  const { database, clock, audit } = app.services;
  const service = createConfigMapsService({ db: database.db, clock, audit });
  app.decorate('configMaps', service);
  await app.register(configMapsRoutes, { prefix: '/api/config', service });
  await app.register(configMappingsRoutes, { prefix: '/api/config', service });
  await app.register(configClientRoutes, { prefix: '/api/config/client', service });
};

export const configMapsPlugin = fp(configMaps, {
  name: 'config-maps',
  dependencies: ['auth-guard', '@fastify/rate-limit'],
});
