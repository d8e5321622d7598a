import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { vouchersRoutes } from './routes.ts';

/** Money-transfer vouchers ({moneytransfer}); the service is built in server.ts so the simulator shares it. */
const vouchers: FastifyPluginAsync = async (app) => {
  await app.register(vouchersRoutes, { prefix: '/api/moneytransfer', service: app.services.vouchers });
};

export const vouchersPlugin = fp(vouchers, { name: 'vouchers', dependencies: ['auth-guard'] });
