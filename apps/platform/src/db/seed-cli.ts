import { parseArgs } from 'node:util';
import { readSettings, SettingsError } from '../settings.ts';
import { seedTransactions } from '../simulator/seed-transactions.ts';
import { seedVouchers } from '../simulator/voucher-history.ts';
import { StartupError } from '../startup-error.ts';
import { SECOND_MS } from '../time.ts';
import { openDatabase } from './connection.ts';
import { migrateToLatest } from './migrate.ts';
import { seed } from './seed.ts';

const USAGE =
  'Usage: npm run seed [-- [--transactions <count> [--days <days>]] [--vouchers <count> [--voucher-days <days>]]]';
const MAX_TRANSACTIONS = 20_000_000;
const MAX_VOUCHERS = 10_000_000;
/** Seeded vouchers are bought over this many days unless --voucher-days says otherwise. */
const DEFAULT_VOUCHER_DAYS = 90;
const MAX_VOUCHER_DAYS = 3660;

function readCount(value: string | undefined, name: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > max) {
    throw new SettingsError(`--${name} must be a whole number from 1 to ${max.toString()}\n${USAGE}`);
  }
  return count;
}

/**
 * `npm run seed`: migrate and seed without starting the server (set DEMO_PASSWORD to reset it);
 * `-- --transactions N` also adds N simulated transactions over the last `--days` (default: the
 * retention period, so the running simulator does not prune them at once); `--vouchers N` adds N
 * vouchers with their history bought over the last `--voucher-days` (default 90).
 */
async function runSeed(): Promise<void> {
  const { values } = parseArgs({
    options: {
      transactions: { type: 'string' },
      days: { type: 'string' },
      vouchers: { type: 'string' },
      'voucher-days': { type: 'string' },
    },
    strict: true,
  });
  const settings = readSettings();
  const count = readCount(values.transactions, 'transactions', MAX_TRANSACTIONS);
  const days =
    readCount(values.days, 'days', settings.transactionRetentionDays) ?? settings.transactionRetentionDays;
  const voucherCount = readCount(values.vouchers, 'vouchers', MAX_VOUCHERS);
  const voucherDays =
    readCount(values['voucher-days'], 'voucher-days', MAX_VOUCHER_DAYS) ?? DEFAULT_VOUCHER_DAYS;
  // Seeding millions of rows ends with a VACUUM ANALYZE that may take minutes.
  const database = await openDatabase({ ...settings, databaseStatementTimeoutSeconds: 0 });
  try {
    const applied = await migrateToLatest(database.db);
    const result = await seed(database.db, {
      demoPassword: settings.demoPassword,
      binRoutingEntries: settings.demoBinRoutingEntries,
    });
    process.stdout.write(`Migrations applied: ${applied.length === 0 ? 'none' : applied.join(', ')}\n`);
    if (result.demoPassword.kind === 'generated') {
      process.stdout.write(`Demo password (shown only this once): ${result.demoPassword.password}\n`);
    }
    if (count !== undefined) {
      const started = Date.now();
      const seeded = await seedTransactions(database.db, {
        count,
        days,
        now: new Date(),
        seed: settings.simulatorSeed,
        onProgress: (done) => process.stdout.write(`  ${done.toLocaleString('en')} transactions…\n`),
      });
      const seconds = ((Date.now() - started) / SECOND_MS).toFixed(0);
      process.stdout.write(
        `Seeded ${seeded.transactions.toLocaleString('en')} transactions (${seeded.legs.toLocaleString('en')} legs) over the last ${days.toString()} days in ${seconds} s\n`,
      );
    }
    if (voucherCount !== undefined) {
      const started = Date.now();
      const seeded = await seedVouchers(database.db, {
        count: voucherCount,
        days: voucherDays,
        now: new Date(),
        seed: settings.simulatorSeed,
        onProgress: (done) => process.stdout.write(`  ${done.toLocaleString('en')} vouchers…\n`),
      });
      const seconds = ((Date.now() - started) / SECOND_MS).toFixed(0);
      process.stdout.write(
        `Seeded ${seeded.vouchers.toLocaleString('en')} vouchers with their history over the last ${voucherDays.toString()} days in ${seconds} s\n`,
      );
    }
  } finally {
    await database.close();
  }
}

runSeed().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof SettingsError || error instanceof StartupError || error instanceof TypeError ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
