import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  jobsResponseSchema,
  pageQuerySchema,
  processDefinitionSchema,
  processesResponseSchema,
  processIdParamsSchema,
  reconTransactionsResponseSchema,
  snapshotSchema,
} from '@web-control/contract/finance';
import {
  actionMetadataResponseSchema,
  actionParamsSchema,
  actionsQuerySchema,
  actionsResponseSchema,
  auditsQuerySchema,
  auditsResponseSchema,
  processActionParamsSchema,
  reviewBodySchema,
} from '@web-control/contract/finance-actions';
import { actorOf } from '../../plugins/auth-guard.ts';
import { BEARER_SECURITY, NO_CONTENT_SCHEMA, permissions, refusals } from '../../plugins/route-helpers.ts';
import type { FinanceJobs } from './jobs.ts';
import type { FinanceService } from './service.ts';

export interface FinanceRoutesOptions {
  service: FinanceService;
  jobs: FinanceJobs;
  uploadMaxBytes: number;
}

const TAGS = ['finance'];
const READ_REFUSALS = refusals(404);
const CHANGE_REFUSALS = refusals(404, 409);

/** The recon API at /api/recon: processes, actions and their audit log. */
export const reconRoutes: FastifyPluginCallbackZod<FinanceRoutesOptions> = (app, { service, jobs }, done) => {
  app.get(
    '/jobs',
    {
      config: permissions('VIEW_PROCESSES'),
      schema: {
        tags: TAGS,
        summary: "The engine's jobs with their last runtime and last successful runtime, paged",
        security: BEARER_SECURITY,
        querystring: pageQuerySchema,
        response: { 200: jobsResponseSchema, ...refusals() },
      },
    },
    async (request) => jobs.list(request.query),
  );

  app.get(
    '/processes',
    {
      config: permissions('VIEW_PROCESSES'),
      schema: {
        tags: TAGS,
        summary: 'The processes with their pill counts, paged',
        security: BEARER_SECURITY,
        querystring: pageQuerySchema,
        response: { 200: processesResponseSchema, ...refusals() },
      },
    },
    async (request) => service.listProcesses(request.query),
  );

  app.get(
    '/processes/:id',
    {
      config: permissions('VIEW_PROCESSES'),
      schema: {
        tags: TAGS,
        summary: 'One process definition: parties and fields',
        security: BEARER_SECURITY,
        params: processIdParamsSchema,
        response: { 200: processDefinitionSchema, ...READ_REFUSALS },
      },
    },
    async (request) => service.getProcess(request.params.id),
  );

  app.get(
    '/processes/:id/snapshot',
    {
      config: permissions('VIEW_PROCESSES'),
      schema: {
        tags: TAGS,
        summary: "Today's files, recon stats, settlement value and pending actions of a process",
        security: BEARER_SECURITY,
        params: processIdParamsSchema,
        response: { 200: snapshotSchema, ...READ_REFUSALS },
      },
    },
    async (request) => service.snapshot(request.params.id),
  );

  app.get(
    '/processes/:id/actions/:actionId/metadata',
    {
      config: permissions('VIEW_ACTIONS'),
      schema: {
        tags: TAGS,
        summary: 'What an action is about, with the action itself',
        security: BEARER_SECURITY,
        params: processActionParamsSchema,
        response: { 200: actionMetadataResponseSchema, ...READ_REFUSALS },
      },
    },
    async (request) => service.actionMetadata(request.params.id, request.params.actionId),
  );

  app.get(
    '/processes/:id/actions/:actionId/transactions',
    {
      config: permissions('VIEW_ACTIONS'),
      schema: {
        tags: TAGS,
        summary: "The recon transactions an action's file touches, with their records, paged",
        security: BEARER_SECURITY,
        params: processActionParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: reconTransactionsResponseSchema, ...READ_REFUSALS },
      },
    },
    async (request) => service.actionTransactions(request.params.id, request.params.actionId, request.query),
  );

  app.get(
    '/actions',
    {
      config: permissions('VIEW_ACTIONS'),
      schema: {
        tags: TAGS,
        summary: 'Actions by status (pending by default) and process, oldest first',
        security: BEARER_SECURITY,
        querystring: actionsQuerySchema,
        response: { 200: actionsResponseSchema, ...refusals() },
      },
    },
    async (request) => service.listActions(request.query),
  );

  app.get(
    '/actions/audits',
    {
      config: permissions('VIEW_AUDITS'),
      schema: {
        tags: TAGS,
        summary: 'The finance audit log: each action REGISTERED, then SUCCESS, ERROR or REJECTED',
        security: BEARER_SECURITY,
        querystring: auditsQuerySchema,
        response: { 200: auditsResponseSchema, ...refusals() },
      },
    },
    async (request) => service.listAudits(request.query),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/actions/:id/${decision}`,
      {
        config: { ...permissions('APPROVE_ACTIONS'), idempotent: true },
        schema: {
          tags: TAGS,
          summary:
            decision === 'approve'
              ? 'Approve an action (it runs now); never your own request'
              : 'Reject an action; never your own request',
          security: BEARER_SECURITY,
          params: actionParamsSchema,
          body: reviewBodySchema,
          response: { 204: NO_CONTENT_SCHEMA, ...CHANGE_REFUSALS },
        },
      },
      async (request, reply) => {
        await service.review(actorOf(request), request.params.id, decision, request.body.comment);
        return reply.code(204).send(null);
      },
    );
  }
  done();
};
