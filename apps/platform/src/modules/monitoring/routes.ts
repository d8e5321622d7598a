import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@web-control/contract/errors';
import {
  aggregateMetricsQuerySchema,
  featuresResponseSchema,
  instancesResponseSchema,
  metricsQuerySchema,
  metricsResponseSchema,
  nodesResponseSchema,
  reducedMetricsResponseSchema,
  safResponseSchema,
} from '@web-control/contract/monitoring';
import { z } from 'zod';
import type { AggregateMetric, AggregateMetricsQuery, MetricsBatch, MonitoringService } from './service.ts';
import { BEARER_SECURITY, permissions, refusals } from '../../plugins/route-helpers.ts';

export interface MonitoringRoutesOptions {
  service: MonitoringService;
}

const MONITOR_SERVICES = permissions('MONITOR_SERVICES');
/** The home graphs: any signed-in user. */
const SIGNED_IN = permissions();

/** Batches of points as the specification has them, or with maxDataPoints the reduced columns. */
const metricsAnswerSchema = z.union([metricsResponseSchema, reducedMetricsResponseSchema]);

function sendBatch(reply: FastifyReply, batch: MetricsBatch): FastifyReply {
  // 206 while more points remain: the caller asks again with the last point's scrollId.
  return reply.code(batch.partial ? 206 : 200).send({ metrics: batch.metrics });
}

/** Health monitoring of the switch (the ECS API). */
export const monitoringRoutes: FastifyPluginCallbackZod<MonitoringRoutesOptions> = (
  app,
  { service },
  done,
) => {
  app.get(
    '/nodes',
    {
      config: MONITOR_SERVICES,
      schema: {
        tags: ['monitoring'],
        summary: 'Every node with its status, 5-minute TPS and 95th percentile response time',
        security: BEARER_SECURITY,
        response: { 200: nodesResponseSchema, ...refusals() },
      },
    },
    async () => ({ nodes: await service.listNodes() }),
  );

  app.get(
    '/saf',
    {
      config: MONITOR_SERVICES,
      schema: {
        tags: ['monitoring'],
        summary: 'The store-and-forward queues, per receiver and node',
        security: BEARER_SECURITY,
        response: { 200: safResponseSchema, ...refusals() },
      },
    },
    async () => ({ queues: await service.listSafQueues() }),
  );

  app.get(
    '/instances',
    {
      config: MONITOR_SERVICES,
      schema: {
        tags: ['monitoring'],
        summary: 'The instances and their nodes',
        security: BEARER_SECURITY,
        response: { 200: instancesResponseSchema, ...refusals() },
      },
    },
    async () => ({ instances: await service.listInstances() }),
  );

  app.get(
    '/metrics',
    {
      config: MONITOR_SERVICES,
      schema: {
        tags: ['monitoring'],
        summary:
          'A node’s metric points in batches (206 while more remain; continue with scrollId), or with maxDataPoints in at most that many buckets',
        security: BEARER_SECURITY,
        querystring: metricsQuerySchema,
        response: {
          200: metricsAnswerSchema,
          206: metricsResponseSchema,
          ...refusals(404),
        },
      },
    },
    async (request, reply) => {
      const { maxDataPoints } = request.query;
      return maxDataPoints === undefined
        ? sendBatch(reply, await service.getNodeMetrics(request.query))
        : service.getReducedNodeMetrics(request.query, maxDataPoints);
    },
  );

  function answerAggregate(query: AggregateMetricsQuery, reply: FastifyReply, metric: AggregateMetric) {
    return query.maxDataPoints === undefined
      ? service.getAggregateMetrics(query).then((batch) => sendBatch(reply, batch))
      : service.getReducedAggregateMetrics(query, query.maxDataPoints, metric);
  }

  app.get(
    '/metrics/tpsAgg',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['monitoring'],
        summary:
          'The switch-wide 5-minute TPS (5minTpsAgg), one point per 10 s, in batches, or with maxDataPoints in at most that many buckets',
        security: BEARER_SECURITY,
        querystring: aggregateMetricsQuerySchema,
        response: { 200: metricsAnswerSchema, 206: metricsResponseSchema, ...refusals() },
      },
    },
    async (request, reply) => answerAggregate(request.query, reply, '5minTpsAgg'),
  );

  app.get(
    '/metrics/countAgg',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['monitoring'],
        summary:
          'Messages processed today across all nodes (totalMessages), one point per 10 s, in batches, or with maxDataPoints in at most that many buckets',
        security: BEARER_SECURITY,
        querystring: aggregateMetricsQuerySchema,
        response: { 200: metricsAnswerSchema, 206: metricsResponseSchema, ...refusals() },
      },
    },
    async (request, reply) => answerAggregate(request.query, reply, 'totalMessages'),
  );

  app.get(
    '/features',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['monitoring'],
        summary: 'Optional features of this platform (search-index support enables the TPS graph)',
        security: BEARER_SECURITY,
        response: { 200: featuresResponseSchema, 401: errorBodySchema },
      },
    },
    () => ({ searchIndex: true }),
  );
  done();
};
