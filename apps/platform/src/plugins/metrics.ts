import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@web-control/contract/errors';
import { AppError } from '../errors.ts';
import type { PlatformMetrics } from '../metrics.ts';
import { PUBLIC_ROUTE } from './auth-guard.ts';

export const METRICS_REFUSED_MESSAGE =
  'Metrics are served to this host, or to a scraper sending the METRICS_TOKEN as a bearer token.';

export interface MetricsPluginOptions {
  metrics: PlatformMetrics;
  /** METRICS_TOKEN; without it only this host may scrape. */
  token: string | undefined;
}

const BEARER = /^Bearer\s+(\S+)$/i;

function isLoopback(address: string | undefined): boolean {
  return (
    address !== undefined &&
    (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'))
  );
}

/**
 * From this host itself: the socket's address, never a forwarded one, and no proxy header, since
 * a reverse proxy on this host would otherwise pass anyone's request on from 127.0.0.1.
 */
function fromThisHost(request: FastifyRequest): boolean {
  return (
    isLoopback(request.socket.remoteAddress) &&
    request.headers['x-forwarded-for'] === undefined &&
    request.headers.forwarded === undefined
  );
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function hasToken(request: FastifyRequest, token: string | undefined): boolean {
  const sent = BEARER.exec(request.headers.authorization ?? '')?.[1];
  // Compared as digests of equal length, in constant time.
  return token !== undefined && sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

/** GET /metrics in Prometheus's text format, and the HTTP request timings it reports. */
const metricsPlugin: FastifyPluginCallback<MetricsPluginOptions> = (app, { metrics, token }, done) => {
  app.addHook('onResponse', (request, reply, hookDone) => {
    metrics.request(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    hookDone();
  });
  app.get(
    '/metrics',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags: ['platform'],
        summary: 'Prometheus metrics (this host, or Authorization: Bearer METRICS_TOKEN)',
      },
    },
    async (request, reply) => {
      if (!fromThisHost(request) && !hasToken(request, token)) {
        void reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError(401, ERROR_CODES.unauthenticated, METRICS_REFUSED_MESSAGE);
      }
      const body = await metrics.registry.metrics();
      return reply.header('content-type', metrics.registry.contentType).send(body);
    },
  );
  done();
};

export const metricsRoutesPlugin = fp(metricsPlugin, { name: 'metrics' });
