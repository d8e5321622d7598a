import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { DIRECT_RECEIVERS } from '../../db/demo-topology.ts';
import { transactionDetailRoutes, transactionListRoutes } from './routes.ts';
import { createTransactionsService } from './service.ts';

/** The transactions of the ECS API: the list at /api/ecs, one transaction's legs below /api/ecs/transactions. */
const transactions: FastifyPluginAsync = async (app) => {
  const { loadBalancer } = app;
  const service = createTransactionsService({
    db: app.services.database.db,
    listReceivers: async () => [...(await loadBalancer.listReceiverNames()), ...DIRECT_RECEIVERS],
  });
  await app.register(transactionListRoutes, { prefix: '/api/ecs', service });
  await app.register(transactionDetailRoutes, { prefix: '/api/ecs/transactions', service });
};

export const transactionsPlugin = fp(transactions, {
  name: 'transactions',
  dependencies: ['auth-guard', 'load-balancer'],
});
