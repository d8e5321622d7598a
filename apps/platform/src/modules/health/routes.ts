import { sql } from 'kysely';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  healthSchema,
  livenessSchema,
  PRODUCT_VERSION,
  readinessSchema,
  type Health,
  type Readiness,
} from '@web-control/contract/health';
import { pendingMigrations } from '../../db/migrate.ts';
import type { Db } from '../../db/schema.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../errors.ts';
import { PUBLIC_ROUTE } from '../../plugins/auth-guard.ts';

export interface HealthRoutesOptions {
  db: Db;
}

/** Whether this instance can serve: the database answers and has run every migration this code knows. */
async function checkReadiness(db: Db): Promise<Readiness> {
  try {
    await sql`select 1`.execute(db);
  } catch {
    return { status: 'unavailable', database: 'unavailable', migrations: 'unknown' };
  }
  try {
    const pending = await pendingMigrations(db);
    return pending.length === 0
      ? { status: 'ready', database: 'ready', migrations: 'current' }
      : { status: 'unavailable', database: 'ready', migrations: 'pending' };
  } catch {
    // The database went away between the two queries.
    return { status: 'unavailable', database: 'unavailable', migrations: 'unknown' };
  }
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
  app.get(
    '/api/health/live',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags: ['platform'],
        summary: 'Liveness: the process answers (the database is not asked)',
        response: { 200: livenessSchema },
      },
    },
    () => ({ status: 'ok' as const, version: PRODUCT_VERSION }),
  );
  app.get(
    '/api/health/ready',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags: ['platform'],
        summary: 'Readiness: the database is reachable and its migrations are current',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (request, reply) => {
      const readiness = await checkReadiness(db);
      if (readiness.status === 'ready') {
        return reply.code(200).send(readiness);
      }
      request.log.warn({ readiness }, 'Readiness check: not ready');
      return reply.code(503).header('retry-after', DATABASE_RETRY_AFTER_SECONDS).send(readiness);
    },
  );
  done();
};
