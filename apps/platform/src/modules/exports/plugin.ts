import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createRolesExport, createUsersExport } from '../auth/admin-exports.ts';
import { createAuditExport } from '../finance/audit-export.ts';
import {
  createApprovalsExport,
  createInboxExport,
  createJobsExport,
  createOutboxExport,
  createSettlementsExport,
} from '../finance/finance-exports.ts';
import { createReceiversExport, createServicesExport } from '../load-balancer/lb-exports.ts';
import { createReviewsExport } from '../reviews/reviews-export.ts';
import { createTransactionsExport } from '../transactions/transactions-export.ts';
import { createVouchersExport } from '../vouchers/vouchers-export.ts';
import { exportsRoutes } from './routes.ts';
import { createExportsService } from './service.ts';

/** Every list's CSV export at /api/exports/{list}. */
const exportsPlugin: FastifyPluginAsync = async (app) => {
  const { database, clock, auth } = app.services;
  const service = createExportsService({
    db: database.db,
    clock,
    permissionsOfUser: (userId) => auth.permissionsOfUser(userId),
  });
  service.register('audit-log', createAuditExport(database.db));
  service.register('finance-jobs', createJobsExport(database.db));
  service.register('finance-inbox', createInboxExport(database.db));
  service.register('finance-approvals', createApprovalsExport(database.db));
  service.register('finance-settlements', createSettlementsExport(database.db));
  service.register('finance-outbox', createOutboxExport(database.db));
  service.register('transactions', createTransactionsExport(database.db));
  service.register('vouchers', createVouchersExport(database.db));
  service.register('users', createUsersExport(database.db));
  service.register('roles', createRolesExport(database.db));
  service.register('reviews', createReviewsExport(app.reviews));
  service.register('lb-services', createServicesExport(app.loadBalancer));
  service.register('lb-receivers', createReceiversExport(app.loadBalancer));
  await app.register(exportsRoutes, { prefix: '/api/exports', service });
};

export const exportsPluginDefinition = fp(exportsPlugin, { name: 'exports', dependencies: ['reviews'] });
