import { createServer, type AddressInfo } from 'node:net';
import { openDatabase, type DatabaseHandle } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed, type SeedResult } from './db/seed.ts';
import { createHousekeeping, pgliteVacuumTask } from './housekeeping.ts';
import { createSwitchNodes, startSwitchNodes } from './modules/config-maps/switch-nodes.ts';
import { startDemoFeed } from './modules/finance/demo-feed.ts';
import { purgeExpiredAuthTokens } from './modules/auth/purge.ts';
import { purgeExpiredSsoTransactions } from './modules/sso/purge.ts';
import { ensureCurrentDays } from './modules/transactions/partitions.ts';
import { buildApp, type App, type BuildOptions } from './server.ts';
import { readSettings } from './settings.ts';
import { createPostgresLeaderLock, SINGLE_PROCESS_LOCK } from './simulator/leader-lock.ts';
import { errorCode, StartupError } from './startup-error.ts';
import { SECOND_MS } from './time.ts';

/**
 * From SIGTERM to exit: under the 10 s that orchestrators (Kubernetes, systemd, Docker) give by
 * default before SIGKILL. Requests still running then are cut off; see main.ts.
 */
export const SHUTDOWN_DEADLINE_MS = 9 * SECOND_MS;

/** How long a shutdown waits for finance job runs before it releases their claims for other instances. */
const JOB_STOP_WAIT_MS = 5 * SECOND_MS;

export interface StartedPlatform {
  app: App;
  /** http://host:port, with the port actually bound (PORT=0 picks a free one). */
  url: string;
  seed: SeedResult;
  close(): Promise<void>;
}

/**
 * Binds HOST:PORT and holds it while the database is opened, so a start whose port is taken
 * fails before it touches any data; returns the port actually bound (PORT=0 picks one).
 */
async function reservePort(host: string, port: number): Promise<{ port: number; close(): Promise<void> }> {
  // Nothing is served yet: a caller polling the port (a health check) is hung up on at once, so
  // it tries again, and close() has no open connection to wait for.
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => {
      const code = errorCode(error);
      reject(
        code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL'
          ? new StartupError(
              `Cannot listen on ${host}:${port.toString()} (${code}): another program may use that port. Stop it or set PORT and HOST.`,
            )
          : error,
      );
    });
    server.listen({ host, port }, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Binds the port, opens the database (locking DATA_DIR), migrates, seeds, builds and listens:
 * what `npm start` does, reusable by the browser tests (PORT 0, a fresh DATA_DIR, a known
 * DEMO_PASSWORD).
 */
export async function startPlatform(options: Omit<BuildOptions, 'database'> = {}): Promise<StartedPlatform> {
  const settings = readSettings(options.env ?? process.env, options.settings);
  const reservation = await reservePort(settings.host, settings.port);
  let database: DatabaseHandle;
  try {
    database = await openDatabase(settings);
  } catch (error) {
    await reservation.close();
    throw error;
  }
  try {
    await migrateToLatest(database.db);
    const seedResult = await seed(database.db, {
      demoPassword: settings.demoPassword,
      binRoutingEntries: settings.demoBinRoutingEntries,
    });
    const app = await buildApp({ ...options, database });
    await ensureCurrentDays(database.db, app.services.clock.now());
    // preClose: the simulator stops (and lets go of its lock) before the database closes.
    app.addHook('preClose', async () => app.services.simulator.stop());
    const db = database.db;
    const housekeeping = createHousekeeping({
      clock: app.services.clock,
      log: app.log,
      tasks: [
        { name: 'auth', run: (now) => purgeExpiredAuthTokens(db, now) },
        { name: 'sso', run: (now) => purgeExpiredSsoTransactions(db, now) },
        { name: 'transaction-partitions', run: (now) => ensureCurrentDays(db, now) },
        ...(database.kind === 'pglite' ? [pgliteVacuumTask(db)] : []),
      ],
    });
    app.addHook('preClose', async () => housekeeping.stop());
    let demoFeed: { stop(): void } | undefined;
    let switchNodes: { stop(): Promise<void> } | undefined;
    app.addHook('preClose', async () => {
      demoFeed?.stop();
      await switchNodes?.stop();
      await app.services.financeJobs.stop(JOB_STOP_WAIT_MS);
    });
    app.addHook('onClose', async () => database.close());
    await reservation.close();
    await app.listen({ port: reservation.port, host: settings.host });
    housekeeping.start();
    app.services.financeJobs.start();
    if (settings.simulator === 'on') {
      // The simulated parties' feeds: their files derive from the simulator's transactions, so
      // the first run waits for the first start's history.
      app.services.simulator.onHistoryWritten((shouldContinue) => {
        if (shouldContinue()) demoFeed = startDemoFeed(app.services.financeJobs, app.log);
        return Promise.resolve();
      });
      // The simulated switch nodes fetch and acknowledge the pushed configuration maps.
      switchNodes = startSwitchNodes(
        createSwitchNodes({
          inject: (request) => app.inject(request),
          service: app.configMaps,
          clock: app.services.clock,
          log: app.log,
        }),
      );
      const databaseUrl = settings.databaseUrl;
      app.services.simulator.start(
        databaseUrl === undefined
          ? SINGLE_PROCESS_LOCK
          : createPostgresLeaderLock(databaseUrl, (error) =>
              app.log.error(
                { err: error },
                'Simulator: the leader lock was lost with its connection; taking it again',
              ),
            ),
      );
    }
    const address = app.server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return { app, url: `http://${host}:${address.port}`, seed: seedResult, close: () => app.close() };
  } catch (error) {
    await reservation.close();
    await database.close();
    throw error;
  }
}
