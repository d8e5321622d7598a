import { readSettings, SettingsError } from '../settings.ts';
import { openDatabase } from './connection.ts';
import { migrateToLatest } from './migrate.ts';
import { seed } from './seed.ts';

/** `npm run seed`: migrate and seed without starting the server (set DEMO_PASSWORD to reset it). */
async function runSeed(): Promise<void> {
  const settings = readSettings();
  const database = await openDatabase(settings);
  try {
    const applied = await migrateToLatest(database.db);
    const result = await seed(database.db, { demoPassword: settings.demoPassword });
    process.stdout.write(`Migrations applied: ${applied.length === 0 ? 'none' : applied.join(', ')}\n`);
    if (result.demoPassword.kind === 'generated') {
      process.stdout.write(`Demo password (shown only this once): ${result.demoPassword.password}\n`);
    }
  } finally {
    await database.close();
  }
}

runSeed().catch((error: unknown) => {
  process.stderr.write(`${error instanceof SettingsError ? error.message : String(error)}\n`);
  process.exit(1);
});
