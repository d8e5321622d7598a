import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createDemoFeed, DEMO_FEED_JOB } from './demo-feed.ts';
import { resultsRoutes } from './results-routes.ts';
import { settlementsRoutes } from './settlements-routes.ts';
import { createSettlementsService, RECON_SUMMARY_JOB, SETTLEMENT_JOB } from './settlements-service.ts';
import { filesRoutes } from './file-routes.ts';
import { reconRoutes } from './routes.ts';
import { FILE_LOAD_RESUME_JOB } from './messages.ts';
import { createFinanceService, type FinanceService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Finance actions waiting for review: the reviews inbox names them. */
    financeReviews: Pick<FinanceService, 'reviewSummaries'>;
  }
}

/** Finance reconciliation: the recon API and the files API, on one service and its approval kinds. */
const finance: FastifyPluginAsync = async (app) => {
  const { database, clock, audit, settings, auth, financeJobs } = app.services;
  // Fixed paths like every module's; the configured bases only tell the console where to call.
  const service = createFinanceService({
    db: database.db,
    copyIn: database.copyIn,
    copyOut: database.copyOut,
    loadBatchRows: settings.financeLoadBatchRows,
    background: (what, work) => financeJobs.background(what, work),
    clock,
    audit,
    permissionsOfUser: (userId) => auth.permissionsOfUser(userId),
    log: app.log,
    loadRecords: (records) => app.services.metrics.loadRecords(records),
  });
  app.decorate('financeReviews', { reviewSummaries: service.reviewSummaries });
  financeJobs.define({
    name: FILE_LOAD_RESUME_JOB,
    schedule: '* * * * *',
    run: async (now) => {
      await service.resumeStalledLoads(now);
    },
  });
  const settlements = createSettlementsService({ db: database.db, clock, audit });
  financeJobs.define({
    name: SETTLEMENT_JOB,
    schedule: '*/5 * * * *',
    run: (now) => settlements.keepRuns(now),
  });
  financeJobs.define({
    name: RECON_SUMMARY_JOB,
    schedule: '45 0 * * *',
    run: (now) => settlements.writeReconSummaries(now),
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
      settlements,
    });
    financeJobs.define({ name: DEMO_FEED_JOB, schedule: '30 0 * * *', run: (now) => demoFeed.run(now) });
  }
  // The rows exist before the first request, so the jobs list shows every job from the start.
  app.addHook('onReady', async () => financeJobs.register());
  const options = { service, jobs: financeJobs, uploadMaxBytes: settings.financeUploadMaxBytes };
  await app.register(reconRoutes, { prefix: '/api/recon', ...options });
  await app.register(resultsRoutes, { prefix: '/api/recon', ...options });
  await app.register(settlementsRoutes, { prefix: '/api/recon', service, settlements });
  await app.register(filesRoutes, { prefix: '/api/recon/files', ...options });
};

export const financePlugin = fp(finance, { name: 'finance', dependencies: ['auth-guard'] });
