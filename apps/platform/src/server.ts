import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { SYSTEM_CLOCK, SYSTEM_RANDOM, type Clock, type RandomSource } from './clock.ts';
import { openDatabase, type DatabaseHandle } from './db/connection.ts';
import { createAppSettingsService } from './modules/app-settings/service.ts';
import { createAuditService, type AuditService } from './modules/audit/service.ts';
import { adminRoutes } from './modules/auth/admin-routes.ts';
import { createAdminService } from './modules/auth/admin-service.ts';
import { passwordResetRoutes } from './modules/auth/password-reset-routes.ts';
import { createPasswordResetService } from './modules/auth/password-reset-service.ts';
import { createAuthRepository } from './modules/auth/repository.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService, createExternalSignIn } from './modules/auth/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { loadBalancerRoutes } from './modules/load-balancer/routes.ts';
import { createLoadBalancerService } from './modules/load-balancer/service.ts';
import { createMailService, type MailService } from './modules/mail/service.ts';
import { monitoringRoutes } from './modules/monitoring/routes.ts';
import { createMonitoringService } from './modules/monitoring/service.ts';
import { runtimeConfigRoutes } from './modules/runtime-config/routes.ts';
import { ssoRoutes } from './modules/sso/routes.ts';
import { createSsoService } from './modules/sso/service.ts';
import { apiDocsUiPlugin, openApiPlugin } from './plugins/api-docs.ts';
import { authGuardPlugin } from './plugins/auth-guard.ts';
import { consoleStaticPlugin } from './plugins/console-static.ts';
import { ERROR_SERVER_OPTIONS, errorHandlerPlugin } from './plugins/error-handler.ts';
import { securityPlugin } from './plugins/security.ts';
import { readSettings, type Settings, type SettingsInput } from './settings.ts';
import { transactionDetailRoutes, transactionListRoutes } from './modules/transactions/routes.ts';
import { createTransactionRecorder, createTransactionsService } from './modules/transactions/service.ts';
import { createSimulator, type Simulator } from './simulator/simulator.ts';

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
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

function createFastify(settings: Settings, logger: boolean, stream: NodeJS.WritableStream | undefined) {
  return Fastify({
    ...ERROR_SERVER_OPTIONS,
    logger: logger ? { level: settings.logLevel, ...(stream === undefined ? {} : { stream }) } : false,
    bodyLimit: settings.bodyLimit,
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
}

export type App = ReturnType<typeof createFastify>;

/**
 * Composes the server: external plugins, then the app's own (database, auth guard), then the
 * routes. Does not listen and does not migrate; main.ts and the tests do that.
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
    backfillMs: settings.simulatorHistoryHours * 60 * 60_000,
    log: app.log,
  });
  // The simulated switch records its transactions as the real one would.
  simulator.onTransactions(
    createTransactionRecorder({
      seed: settings.simulatorSeed,
      retentionDays: settings.transactionRetentionDays,
    }),
  );
  const services: AppServices = { settings, database, clock, random, audit, mail, simulator };
  app.decorate('services', services);

  // External plugins.
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { apiBases: Object.values(settings.apiBases) });
  await app.register(rateLimit, { global: false });
  await app.register(openApiPlugin, { productName: settings.productName });

  // App plugins.
  const authRepository = createAuthRepository();
  await app.register(authGuardPlugin, {
    clock,
    getSigningSecret,
    isUserActive: (userId) => authRepository.isUserActive(database.db, userId),
  });
  if (ownsDatabase) {
    app.addHook('onClose', async () => database.close());
  }

  // Routes.
  await app.register(healthRoutes, { db: database.db });
  await app.register(runtimeConfigRoutes, { settings });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    service: createAuthService({ db: database.db, clock, random, audit, getSigningSecret }),
    loginRateLimitPerMinute: settings.loginRateLimit,
    passwordSignIn: settings.authProvider === 'auth-server',
  });
  const passwords = createPasswordResetService({
    db: database.db,
    clock,
    random,
    audit,
    mail,
    log: app.log,
    productName: settings.productName,
    resetTokenTtlMinutes: settings.resetTokenTtlMinutes,
    enrolmentTokenTtlHours: settings.enrolmentTokenTtlHours,
    getPublicUrl,
  });
  // Under single sign-on the provider owns passwords: no reset or enrolment links here.
  if (settings.authProvider === 'auth-server') {
    await app.register(passwordResetRoutes, {
      prefix: '/api/auth',
      service: passwords,
      rateLimitPerMinute: settings.loginRateLimit,
    });
  }
  await app.register(adminRoutes, {
    prefix: '/api/auth',
    service: createAdminService({ db: database.db, clock, audit, passwords }),
  });
  if (settings.authProvider === 'identity-provider') {
    await app.register(ssoRoutes, {
      prefix: '/api/auth',
      service: createSsoService({
        db: database.db,
        clock,
        random,
        audit,
        externalSignIn: createExternalSignIn({ clock, random }),
        // readSettings refuses identity-provider without an issuer and a client id.
        settings: {
          oidcIssuer: settings.oidcIssuer ?? '',
          oidcClientId: settings.oidcClientId ?? '',
          oidcClientSecret: settings.oidcClientSecret,
          oidcScopes: settings.oidcScopes,
        },
        getSigningSecret,
      }),
      loginRateLimitPerMinute: settings.loginRateLimit,
      publicOrigin: settings.publicUrl,
    });
  }
  await app.register(monitoringRoutes, {
    prefix: '/api/ecs',
    service: createMonitoringService({ db: database.db, clock, batchSize: settings.metricsBatchSize }),
  });
  const loadBalancer = createLoadBalancerService({ db: database.db, clock, audit });
  await app.register(loadBalancerRoutes, { prefix: '/api/lb', service: loadBalancer });
  const transactions = createTransactionsService({
    db: database.db,
    listReceivers: () => loadBalancer.listReceiverNames(),
  });
  await app.register(transactionListRoutes, { prefix: '/api/ecs', service: transactions });
  await app.register(transactionDetailRoutes, { prefix: '/api/ecs/transactions', service: transactions });
  await app.register(apiDocsUiPlugin);
  await app.register(consoleStaticPlugin, { consoleDist: settings.consoleDist });

  return app;
}
