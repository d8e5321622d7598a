import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { fileContentSchema } from '@web-control/contract/finance';
import {
  closeSettlementBodySchema,
  extractDownloadQuerySchema,
  extractsQuerySchema,
  extractsResponseSchema,
  extractTagNamesResponseSchema,
  extractTagParamsSchema,
  extractTagValuesQuerySchema,
  extractTagValuesResponseSchema,
  settlementDetailSchema,
  settlementIdParamsSchema,
  settlementsQuerySchema,
  settlementsResponseSchema,
  settlementWaitingQuerySchema,
  settlementWaitingSchema,
} from '@web-control/contract/finance-settlements';
import { actorOf, PUBLIC_ROUTE } from '../../plugins/auth-guard.ts';
import { attachmentHeader, BEARER_SECURITY, permissions, refusals } from '../../plugins/route-helpers.ts';
import type { FinanceService } from './service.ts';
import type { SettlementsService } from './settlements-service.ts';

export interface SettlementsRoutesOptions {
  service: FinanceService;
  settlements: SettlementsService;
}

const TAGS = ['finance'];

/** Settlement runs and the outbox at /api/recon. */
export const settlementsRoutes: FastifyPluginCallbackZod<SettlementsRoutesOptions> = (
  app,
  { service, settlements },
  done,
) => {
  app.get(
    '/settlements',
    {
      config: permissions('RECON_SETTLEMENT'),
      schema: {
        tags: TAGS,
        summary: 'Settlement runs by process and start date (both bounds inclusive), newest first',
        security: BEARER_SECURITY,
        querystring: settlementsQuerySchema,
        response: { 200: settlementsResponseSchema, ...refusals() },
      },
    },
    async (request) => settlements.list(request.query),
  );

  app.get(
    '/settlements/waiting',
    {
      config: permissions('RECON_SETTLEMENT'),
      schema: {
        tags: TAGS,
        summary:
          'How many of a process’s matched transactions wait to settle in no run yet, and whether today’s run takes them',
        security: BEARER_SECURITY,
        querystring: settlementWaitingQuerySchema,
        response: { 200: settlementWaitingSchema, ...refusals(404) },
      },
    },
    async (request) => settlements.waiting(request.query.processId),
  );

  app.get(
    '/settlements/:id',
    {
      config: permissions('RECON_SETTLEMENT'),
      schema: {
        tags: TAGS,
        summary: 'A settlement run and its aggregates (computed when it closes)',
        security: BEARER_SECURITY,
        params: settlementIdParamsSchema,
        response: { 200: settlementDetailSchema, ...refusals(404) },
      },
    },
    async (request) => settlements.detail(request.params.id),
  );

  app.get(
    '/settlements/:id/report',
    {
      config: permissions('RECON_SETTLEMENT'),
      schema: {
        tags: TAGS,
        summary: 'A closed run’s report (CSV: its totals, then its transactions)',
        security: BEARER_SECURITY,
        params: settlementIdParamsSchema,
        response: { 200: fileContentSchema, ...refusals(404, 409) },
      },
    },
    async (request, reply) => {
      const report = await settlements.report(request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(report.fileName))
        .header('cache-control', 'no-store')
        .send(report.content);
    },
  );

  app.post(
    '/settlements/:id/close',
    {
      config: { ...permissions('FINALISE_SETTLEMENTS'), idempotent: true },
      schema: {
        tags: TAGS,
        summary:
          'Close an OPEN run (at most once): aggregates, its transactions SETTLED, the report and an outbox extract',
        security: BEARER_SECURITY,
        params: settlementIdParamsSchema,
        body: closeSettlementBodySchema,
        response: { 200: settlementDetailSchema, ...refusals(404, 409) },
      },
    },
    async (request) => settlements.closeRun(actorOf(request), request.params.id, request.body.comment),
  );

  app.get(
    '/extracts',
    {
      config: permissions('VIEW_PROCESSES'),
      schema: {
        tags: TAGS,
        summary:
          'The outbox: extracts by creation date (inclusive), process and tags (repeated tag=tagId:value), newest first',
        security: BEARER_SECURITY,
        querystring: extractsQuerySchema,
        response: { 200: extractsResponseSchema, ...refusals() },
      },
    },
    async (request) => settlements.listExtracts(request.query),
  );

  app.get(
    '/extracts/tags',
    {
      config: permissions('VIEW_PROCESSES'),
      schema: {
        tags: TAGS,
        summary: 'The tags extracts carry',
        security: BEARER_SECURITY,
        response: { 200: extractTagNamesResponseSchema, ...refusals() },
      },
    },
    () => settlements.tagNames(),
  );

  app.get(
    '/extracts/tags/:tagId',
    {
      config: permissions('VIEW_PROCESSES'),
      schema: {
        tags: TAGS,
        summary: 'The values a tag has (at most 1000), optionally within one process',
        security: BEARER_SECURITY,
        params: extractTagParamsSchema,
        querystring: extractTagValuesQuerySchema,
        response: { 200: extractTagValuesResponseSchema, ...refusals() },
      },
    },
    async (request) => settlements.tagValues(request.params.tagId, request.query.processId),
  );

  app.get(
    '/extracts/download',
    {
      // Opened in a new window: the single-use token from {files}/token is the credential.
      config: PUBLIC_ROUTE,
      schema: {
        tags: TAGS,
        summary: 'An extract’s file, with a token from {files}/token?fileIdentifier=<path>',
        querystring: extractDownloadQuerySchema,
        response: { 200: fileContentSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const extract = await service.downloadExtract(request.query.path, request.query.access_token);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(request.query.filename ?? extract.fileName))
        .header('cache-control', 'no-store')
        .send(extract.content);
    },
  );
  done();
};
