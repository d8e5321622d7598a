import type { FastifyPluginCallback } from 'fastify';
import { PUBLIC_ROUTE } from '../../plugins/auth-guard.ts';
import type { Settings } from '../../settings.ts';
import { buildRuntimeConfig, renderConfigScript } from './service.ts';

export const CONFIG_SCRIPT_PATH = '/config.js';

export const runtimeConfigRoutes: FastifyPluginCallback<{ settings: Settings }> = (
  app,
  { settings },
  done,
) => {
  // Built once at startup: a bad setting stops the server instead of breaking every page load.
  const script = renderConfigScript(buildRuntimeConfig(settings));
  app.get(CONFIG_SCRIPT_PATH, { config: PUBLIC_ROUTE, schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-store').send(script),
  );
  done();
};
