import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { processIdParamsSchema } from '@web-control/contract/finance';
import {
  reconQueryStringSchema,
  reconResultsResponseSchema,
  resolveActionBodySchema,
  resolveByKeyBodySchema,
  TRANSACTION_ACTION_PATHS,
  TRANSACTION_ACTION_TYPES,
  TRANSACTION_ACTIONS,
  transactionActionBodySchema,
  transactionActionResponseSchema,
  transactionsByKeyBodySchema,
} from '@web-control/contract/finance-results';
import { actorOf } from '../../plugins/auth-guard.ts';
import { sendCsvDownload, BEARER_SECURITY, permissions, refusals } from '../../plugins/route-helpers.ts';
import type { FinanceRoutesOptions } from './routes.ts';

const TAGS = ['finance'];
/** A streamed body: Fastify sends a stream as it is, without serialising it. */
const csvStreamSchema = z.custom<Readable>((value) => value instanceof Readable).describe('CSV (text/csv)');

/** Recon results at /api/recon/processes/{id}: the grid's query, its CSV download and the bulk actions. */
export const resultsRoutes: FastifyPluginCallbackZod<FinanceRoutesOptions> = (app, { service }, done) => {
  app.get(
    '/processes/:id/transactions',
    {
      config: permissions('VIEW_PROCESSES'),
      schema: {
        tags: TAGS,
        summary:
          'Recon results: matchStatus, settlementStatus, f.<field>.<TYPE> filters, sortBy=field.direction,…, offset, limit',
        security: BEARER_SECURITY,
        params: processIdParamsSchema,
        querystring: reconQueryStringSchema,
        response: { 200: reconResultsResponseSchema, ...refusals(404) },
      },
    },
    async (request) => service.results(request.params.id, request.query),
  );

  app.get(
    '/processes/:id/transactions/download',
    {
      config: permissions('VIEW_PROCESSES'),
      schema: {
        tags: TAGS,
        summary:
          'Every transaction of the query (offset and limit ignored) as CSV, streamed: the fixed columns, then each party’s fields side by side',
        security: BEARER_SECURITY,
        params: processIdParamsSchema,
        querystring: reconQueryStringSchema,
        response: { 200: csvStreamSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const download = await service.downloadResults(request.params.id, request.query);
      return sendCsvDownload(request, reply, download, 'recon results download');
    },
  );

  for (const action of TRANSACTION_ACTIONS) {
    const paths = TRANSACTION_ACTION_PATHS[action];
    const type = TRANSACTION_ACTION_TYPES[action];
    app.post(
      `/processes/:id/actions/${paths.byKey}`,
      {
        config: { ...permissions('SUBMIT_ACTIONS'), idempotent: true },
        schema: {
          tags: TAGS,
          summary: `Request ${type} for the selected transactions (an action awaiting approval)`,
          security: BEARER_SECURITY,
          params: processIdParamsSchema,
          body: action === 'resolve' ? resolveByKeyBodySchema : transactionsByKeyBodySchema,
          response: { 201: transactionActionResponseSchema, ...refusals(404, 409) },
        },
      },
      async (request, reply) => {
        const body = request.body as {
          comment: string;
          partyId?: number;
          transactionKeys: Array<{ id: string; createdDateTime: string }>;
        };
        const result = await service.requestTransactionAction(actorOf(request), request.params.id, action, {
          selection: 'key',
          keys: body.transactionKeys,
          comment: body.comment,
          partyId: body.partyId,
          requestUrl: request.url,
        });
        return reply.code(201).send(result);
      },
    );
    app.post(
      `/processes/:id/actions/${paths.byFilter}`,
      {
        config: { ...permissions('SUBMIT_ACTIONS'), idempotent: true },
        schema: {
          tags: TAGS,
          summary: `Request ${type} for every transaction the query string selects that allows it; the set is fixed now`,
          security: BEARER_SECURITY,
          params: processIdParamsSchema,
          querystring: reconQueryStringSchema,
          body: action === 'resolve' ? resolveActionBodySchema : transactionActionBodySchema,
          response: { 201: transactionActionResponseSchema, ...refusals(404, 409) },
        },
      },
      async (request, reply) => {
        const body = request.body as { comment: string; partyId?: number };
        const result = await service.requestTransactionAction(actorOf(request), request.params.id, action, {
          selection: 'filter',
          query: request.query,
          comment: body.comment,
          partyId: body.partyId,
          requestUrl: request.url,
        });
        return reply.code(201).send(result);
      },
    );
  }
  done();
};
