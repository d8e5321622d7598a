import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  messagesResponseSchema,
  originatorTypesResponseSchema,
  receiverOptionsResponseSchema,
  serviceTypesResponseSchema,
  transactionLegResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
  transactionStatesResponseSchema,
  transactionUuidParamsSchema,
} from '@web-control/contract/transactions';
import type { TransactionsService } from './service.ts';
import { BEARER_SECURITY, permissions, refusals } from '../../plugins/route-helpers.ts';

export interface TransactionsRoutesOptions {
  service: TransactionsService;
}

const VIEW_TRANSACTIONS = permissions('VIEW_TRANSACTIONS');
const TAGS = ['transactions'];

/** The transaction list and its filter options (ECS API, mounted at /api/ecs). */
export const transactionListRoutes: FastifyPluginCallbackZod<TransactionsRoutesOptions> = (
  app,
  { service },
  done,
) => {
  app.get(
    '/transactions',
    {
      config: VIEW_TRANSACTIONS,
      schema: {
        tags: TAGS,
        summary: 'A page of 20 transactions, newest first; pass latestRecord and offset for later pages',
        security: BEARER_SECURITY,
        querystring: transactionsQuerySchema,
        response: { 200: transactionsResponseSchema, ...refusals() },
      },
    },
    async (request) => service.listTransactions(request.query),
  );

  app.get(
    '/service_types',
    {
      config: VIEW_TRANSACTIONS,
      schema: {
        tags: TAGS,
        summary: 'The service types the service filter offers',
        security: BEARER_SECURITY,
        response: { 200: serviceTypesResponseSchema, ...refusals() },
      },
    },
    async () => ({ serviceTypes: await service.listServiceTypes() }),
  );

  app.get(
    '/originator_types',
    {
      config: VIEW_TRANSACTIONS,
      schema: {
        tags: TAGS,
        summary: 'The kinds of originator a transaction comes from',
        security: BEARER_SECURITY,
        response: { 200: originatorTypesResponseSchema, ...refusals() },
      },
    },
    async () => ({ originatorTypes: await service.listOriginatorTypes() }),
  );

  app.get(
    '/transaction_states',
    {
      config: VIEW_TRANSACTIONS,
      schema: {
        tags: TAGS,
        summary: 'The states a transaction can be in',
        security: BEARER_SECURITY,
        response: { 200: transactionStatesResponseSchema, ...refusals() },
      },
    },
    () => ({ tranStates: service.listTransactionStates() }),
  );

  app.get(
    '/receivers',
    {
      config: VIEW_TRANSACTIONS,
      schema: {
        tags: TAGS,
        summary: 'The receivers the receiver filter offers',
        security: BEARER_SECURITY,
        response: { 200: receiverOptionsResponseSchema, ...refusals() },
      },
    },
    async () => ({ receivers: await service.listReceiverOptions() }),
  );
  done();
};

/** One transaction leg and its edge messages ({transactionsApi}, mounted at /api/ecs/transactions). */
export const transactionDetailRoutes: FastifyPluginCallbackZod<TransactionsRoutesOptions> = (
  app,
  { service },
  done,
) => {
  app.get(
    '/:uuid',
    {
      config: VIEW_TRANSACTIONS,
      schema: {
        tags: TAGS,
        summary: 'A transaction leg (state, previous and next leg) with its transaction',
        security: BEARER_SECURITY,
        params: transactionUuidParamsSchema,
        response: { 200: transactionLegResponseSchema, ...refusals(404) },
      },
    },
    async (request) => service.getLeg(request.params.uuid),
  );

  app.get(
    '/:uuid/messages',
    {
      config: VIEW_TRANSACTIONS,
      schema: {
        tags: TAGS,
        summary: 'The edge messages of a transaction leg, in the order the switch saw them',
        security: BEARER_SECURITY,
        params: transactionUuidParamsSchema,
        response: { 200: messagesResponseSchema, ...refusals(404) },
      },
    },
    async (request) => ({ messages: await service.listMessages(request.params.uuid) }),
  );
  done();
};
