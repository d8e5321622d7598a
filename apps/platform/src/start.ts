import type { AddressInfo } from 'node:net';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed, type SeedResult } from './db/seed.ts';
import { buildApp, type App, type BuildOptions } from './server.ts';
import { readSettings } from './settings.ts';

export interface StartedPlatform {
  app: App;
  /** http://host:port, with the port actually bound (PORT=0 picks a free one). */
  url: string;
  seed: SeedResult;
  close(): Promise<void>;
}

/**
 * Opens the database, migrates, seeds, builds and listens: what `npm start` does, reusable by the
 * browser tests (PORT 0, a fresh DATA_DIR, a known DEMO_PASSWORD).
 */
export async function startPlatform(options: Omit<BuildOptions, 'database'> = {}): Promise<StartedPlatform> {
  const settings = readSettings(options.env ?? process.env, options.settings);
  const database = await openDatabase(settings);
  try {
    await migrateToLatest(database.db);
    const seedResult = await seed(database.db, { demoPassword: settings.demoPassword });
    const app = await buildApp({ ...options, database });
    app.addHook('onClose', async () => database.close());
    await app.listen({ port: settings.port, host: settings.host });
    const address = app.server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return { app, url: `http://${host}:${address.port}`, seed: seedResult, close: () => app.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}
