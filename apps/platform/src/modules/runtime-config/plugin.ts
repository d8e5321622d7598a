import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { runtimeConfigRoutes } from './routes.ts';

/** GET /config.js: the console's runtime configuration. */
const runtimeConfig: FastifyPluginAsync = async (app) => {
  await app.register(runtimeConfigRoutes, { settings: app.services.settings });
};

export const runtimeConfigPlugin = fp(runtimeConfig, {
  name: 'runtime-config',
  dependencies: ['auth-guard'],
});
