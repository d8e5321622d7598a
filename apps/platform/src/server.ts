import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { SYSTEM_CLOCK, SYSTEM_RANDOM, type Clock, type RandomSource } from './clock.ts';
import { openDatabase, type DatabaseHandle } from './db/connection.ts';
import { createAppSettingsService } from './modules/app-settings/service.ts';
import { createAuditService, type AuditService } from './modules/audit/service.ts';
import { authPlugin } from './modules/auth/plugin.ts';
import { maskCardNumbers } from '@web-control/contract/iso8583-masking';
import { redactLinkTokens } from './modules/auth/password-reset-service.ts';
import { createAuthService, type AuthService } from './modules/auth/service.ts';
import { exportsPluginDefinition } from './modules/exports/plugin.ts';
import { reviewsPlugin } from './modules/reviews/plugin.ts';
import { configMapsPlugin } from './modules/config-maps/plugin.ts';
import { createFinanceJobs, type FinanceJobs } from './modules/finance/jobs.ts';
import { financePlugin } from './modules/finance/plugin.ts';
import { processPages } from './modules/finance/process-pages.ts';
import { healthPlugin } from './modules/health/plugin.ts';
import { loadBalancerPlugin } from './modules/load-balancer/plugin.ts';
import { createMailService, type MailService } from './modules/mail/service.ts';
import { monitoringPlugin } from './modules/monitoring/plugin.ts';
import { runtimeConfigPlugin } from './modules/runtime-config/plugin.ts';
import { ssoPlugin } from './modules/sso/plugin.ts';
import { transactionsPlugin } from './modules/transactions/plugin.ts';
import { vouchersPlugin } from './modules/vouchers/plugin.ts';
import { createVouchersService, type VouchersService } from './modules/vouchers/service.ts';
import { apiDocsUiPlugin, openApiPlugin } from './plugins/api-docs.ts';
import { authGuardPlugin, sessionReader } from './plugins/auth-guard.ts';
import { closeConnectionsPlugin } from './plugins/close-connections.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { consoleStaticPlugin } from './plugins/console-static.ts';
import { pageHeadings } from './plugins/page-headings.ts';
import { contentEncodingPlugin } from './plugins/content-encoding.ts';
import { ERROR_SERVER_OPTIONS, errorHandlerPlugin } from './plugins/error-handler.ts';
import { RequestLogController } from './plugins/request-log.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { metricsRoutesPlugin } from './plugins/metrics.ts';
import { securityPlugin } from './plugins/security.ts';
import { readSettings, type Settings, type SettingsInput } from './settings.ts';
import { createSimulator, type Simulator } from './simulator/simulator.ts';
import { createTransactionRecorder } from './simulator/transaction-recorder.ts';
import { createVoucherHistoryTask } from './simulator/voucher-history.ts';
import { VOUCHER_HISTORY_MAX_MS } from './simulator/voucher-lives.ts';
import { createVoucherTraffic } from './simulator/voucher-traffic.ts';
import { createPlatformMetrics, type PlatformMetrics } from './metrics.ts';
import { DAY_MS, HOUR_MS } from './time.ts';

export interface BuildOptions {
  /** Overrides on top of the environment (tests pass what they need). */
  settings?: Partial<SettingsInput>;
  /** Defaults to process.env; tests pass {} so the machine's variables don't leak in. */
  env?: NodeJS.ProcessEnv;
  /** An already migrated database; when absent one is opened from the settings and closed with the app. */
  database?: DatabaseHandle;
  clock?: Clock;
  random?: RandomSource;
  /** false silences logging (tests); otherwise the settings' LOG_LEVEL applies. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

export interface AppServices {
  settings: Settings;
  database: DatabaseHandle;
  clock: Clock;
  random: RandomSource;
  audit: AuditService;
  /** Outgoing mail; `mail.folder` is where messages are written when no SMTP_URL is set. */
  mail: MailService;
  /**
   * The simulated switch traffic. Built here, not started: start.ts starts it when SIMULATOR=on;
   * tests drive `prepare` and `tick` with their clock. `onTransactions` feeds other modules.
   */
  simulator: Simulator;
  /** The key access tokens are signed with, read from the database once and kept. */
  getSigningSecret: () => Promise<Uint8Array>;
  /** The console's address for links: PUBLIC_URL, else the address actually listened on. */
  getPublicUrl: () => string;
  /** Sign-in and sessions: the auth guard checks each request's session with it. */
  auth: AuthService;
  /**
   * The finance engine's scheduled jobs: the finance module defines them, start.ts schedules
   * them; tests run one by name with their clock.
   */
  financeJobs: FinanceJobs;
  /** The voucher state machine: the vouchers module's routes and the simulator's voucher traffic share it. */
  vouchers: VouchersService;
  /** What `/metrics` reports; modules record into it. */
  metrics: PlatformMetrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

function createFastify(settings: Settings, logger: boolean, stream: NodeJS.WritableStream | undefined) {
  return Fastify({
    ...ERROR_SERVER_OPTIONS,
    logger: logger
      ? {
          level: settings.logLevel,
          // A reset or enrolment link in a request line would let anyone who reads the log use it;
          // a card number typed into a search must not reach the log either (PCI DSS 3.4).
          serializers: {
            req: (request: FastifyRequest) => ({
              method: request.method,
              url: maskCardNumbers(redactLinkTokens(request.url)),
              host: request.host,
              remoteAddress: request.ip,
            }),
          },
          ...(stream === undefined ? {} : { stream }),
        }
      : false,
    bodyLimit: settings.bodyLimit,
    // A number of hops is what Fastify does with a number; its types only take the function.
    trustProxy:
      typeof settings.trustProxy === 'number' ? trustHops(settings.trustProxy) : settings.trustProxy,
    genReqId: () => randomUUID(),
    logController: new RequestLogController(settings.slowRequestMs),
  }).withTypeProvider<ZodTypeProvider>();
}

export type App = ReturnType<typeof createFastify>;

/**
 * Composes the server: the shared services, external plugins, then the app's own (auth guard),
 * then one plugin per module, each building its service and mounting its routes. Does not
 * listen and does not migrate; main.ts and the tests do that.
 */
export async function buildApp(options: BuildOptions = {}): Promise<App> {
  const settings = readSettings(options.env ?? process.env, options.settings);
  const clock = options.clock ?? SYSTEM_CLOCK;
  const random = options.random ?? SYSTEM_RANDOM;
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await openDatabase(settings));

  const app = createFastify(settings, options.logger ?? true, options.logStream);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const audit = createAuditService(clock);
  const appSettings = createAppSettingsService();
  let signingSecret: Promise<Uint8Array> | undefined;
  const getSigningSecret = (): Promise<Uint8Array> => {
    signingSecret ??= appSettings.getJwtSigningSecret(database.db, random).catch((error: unknown) => {
      signingSecret = undefined; // try again next time, e.g. once the database is back
      throw error;
    });
    return signingSecret;
  };
  const mail = createMailService({
    smtpUrl: settings.smtpUrl,
    from: settings.mailFrom,
    dataDir: settings.dataDir,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await mail.whenIdle();
    mail.close();
  });
  /** PUBLIC_URL, else the address actually listened on (PORT=0 picks one), else http://HOST:PORT. */
  const getPublicUrl = (): string => {
    if (settings.publicUrl !== undefined) {
      return settings.publicUrl;
    }
    const address = app.server.address();
    if (address !== null && typeof address === 'object') {
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return `http://${host}:${address.port}`;
    }
    return `http://${settings.host}:${settings.port}`;
  };
  const simulator = createSimulator({
    db: database.db,
    clock,
    seed: settings.simulatorSeed,
    tps: settings.simulatorTps,
    backfillMs: settings.simulatorHistoryHours * HOUR_MS,
    transactionHistoryMs: Math.min(settings.simulatorHistoryHours * HOUR_MS, DAY_MS),
    log: app.log,
  });
  const metrics = createPlatformMetrics(database);
  simulator.onTransactions((transactions) =>
    metrics.simulatorTransactions(transactions.map((transaction) => transaction.outcome)),
  );
  const vouchers = createVouchersService({ db: database.db, clock, audit });
  // The simulated switch records its transactions as the real one would, voucher traffic included.
  simulator.onTransactions(
    createTransactionRecorder({
      seed: settings.simulatorSeed,
      retentionDays: settings.transactionRetentionDays,
      legSources: [createVoucherTraffic({ seed: settings.simulatorSeed, vouchers })],
    }),
  );
  const voucherHistoryMs = Math.min(settings.simulatorHistoryHours * HOUR_MS, VOUCHER_HISTORY_MAX_MS);
  if (voucherHistoryMs > 0) {
    simulator.onStart(
      createVoucherHistoryTask({
        db: database.db,
        clock,
        seed: settings.simulatorSeed,
        historyMs: voucherHistoryMs,
        log: app.log,
      }),
    );
  }
  const auth = createAuthService({
    db: database.db,
    clock,
    random,
    audit,
    sessionMaxHours: settings.sessionMaxHours,
    sessionIdleMinutes: settings.sessionIdleMinutes,
    getSigningSecret,
  });
  const services: AppServices = {
    auth,
    settings,
    database,
    clock,
    random,
    audit,
    mail,
    simulator,
    getSigningSecret,
    getPublicUrl,
    financeJobs: createFinanceJobs({ db: database.db, clock, log: app.log, metrics }),
    vouchers,
    metrics,
  };
  app.decorate('services', services);

  // External plugins.
  await app.register(errorHandlerPlugin);
  await app.register(closeConnectionsPlugin);
  await app.register(metricsRoutesPlugin, { metrics, token: settings.metricsToken });
  await app.register(securityPlugin, {
    apiBases: Object.values(settings.apiBases),
    hsts: settings.hsts,
  });
  await app.register(contentEncodingPlugin);
  await app.register(rateLimit, { global: false });
  await app.register(compressionPlugin);
  await app.register(openApiPlugin, { productName: settings.productName });

  // App plugins.
  await app.register(authGuardPlugin, {
    clock,
    getSigningSecret,
    checkSession: (claims) => auth.checkSession(claims),
    onForbidden: (refusal) => auth.recordForbidden(refusal),
  });
  await app.register(idempotencyPlugin, { db: database.db, clock });
  if (ownsDatabase) {
    app.addHook('onClose', async () => database.close());
  }

  // Modules, in this order: the load balancer's service feeds the transactions filter.
  await app.register(healthPlugin);
  await app.register(runtimeConfigPlugin);
  await app.register(authPlugin);
  await app.register(ssoPlugin);
  await app.register(monitoringPlugin);
  await app.register(loadBalancerPlugin);
  await app.register(transactionsPlugin);
  await app.register(financePlugin);
  await app.register(vouchersPlugin);
  await app.register(configMapsPlugin);
  await app.register(reviewsPlugin);
  await app.register(exportsPluginDefinition);
  await app.register(apiDocsUiPlugin);
  await app.register(consoleStaticPlugin, {
    consoleDist: settings.consoleDist,
    pageHeading: pageHeadings(
      sessionReader({ clock, getSigningSecret, checkSession: (claims) => auth.checkSession(claims) }),
      [processPages(database.db)],
    ),
  });

  return app;
}
