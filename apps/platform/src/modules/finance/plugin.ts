import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createDemoFeed, DEMO_FEED_JOB } from './demo-feed.ts';
import { resultsRoutes } from './results-routes.ts';
import { filesRoutes, reconRoutes } from './routes.ts';
import { createFinanceService } from './service.ts';

/** Finance reconciliation: the recon API and the files API, on one service and its approval kinds. */
const finance: FastifyPluginAsync = async (app) => {
  const { database, clock, audit, settings, auth, financeJobs } = app.services;
  // Fixed paths like every module's; the configured bases only tell the console where to call.
  const service = createFinanceService({
    db: database.db,
    clock,
    audit,
    permissionsOfUser: (userId) => auth.permissionsOfUser(userId),
  });
  financeJobs.define({
    name: 'download-token-purge',
    schedule: '17 * * * *',
    run: async (now) => {
      await service.purgeExpiredDownloadTokens(now);
    },
  });
  // The simulated parties' feeds exist only beside the simulated switch they derive from.
  if (settings.simulator === 'on') {
    const demoFeed = createDemoFeed({
      db: database.db,
      clock,
      service,
      historyDays: settings.financeHistoryDays,
    });
    financeJobs.define({ name: DEMO_FEED_JOB, schedule: '30 0 * * *', run: (now) => demoFeed.run(now) });
  }
  // The rows exist before the first request, so the jobs list shows every job from the start.
  app.addHook('onReady', async () => financeJobs.register());
  const options = { service, jobs: financeJobs, uploadMaxBytes: settings.financeUploadMaxBytes };
  await app.register(reconRoutes, { prefix: '/api/recon', ...options });
  await app.register(resultsRoutes, { prefix: '/api/recon', ...options });
  await app.register(filesRoutes, { prefix: '/api/recon/files', ...options });
};

export const financePlugin = fp(finance, { name: 'finance', dependencies: ['auth-guard'] });
