import { sql } from 'kysely';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { healthSchema, PRODUCT_VERSION, type Health } from '@web-control/contract/health';
import type { Db } from '../../db/schema.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../errors.ts';
import { PUBLIC_ROUTE } from '../../plugins/auth-guard.ts';

export interface HealthRoutesOptions {
  db: Db;
}

export const healthRoutes: FastifyPluginCallbackZod<HealthRoutesOptions> = (app, { db }, done) => {
  app.get(
    '/api/health',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database readiness',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(db);
        const health: Health = { status: 'ok', version: PRODUCT_VERSION, database: 'ready' };
        return await reply.code(200).send(health);
      } catch (error) {
        request.log.error({ err: error }, 'Health check: database unavailable');
        const health: Health = { status: 'unavailable', version: PRODUCT_VERSION, database: 'unavailable' };
        return await reply.code(503).header('retry-after', DATABASE_RETRY_AFTER_SECONDS).send(health);
      }
    },
  );
  done();
};
