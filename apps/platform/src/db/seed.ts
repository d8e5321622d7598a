import { seedAuth, type DemoPasswordOutcome } from '../modules/auth/seed.ts';
import { seedConfigMaps } from '../modules/config-maps/seed.ts';
import { seedFinance } from '../modules/finance/seed.ts';
import { seedLoadBalancer } from '../modules/load-balancer/seed.ts';
import { seedMonitoring } from '../modules/monitoring/seed.ts';
import { seedTransactionTypes } from '../modules/transactions/seed.ts';
import type { Db } from './schema.ts';

export interface SeedResult {
  demoPassword: DemoPasswordOutcome;
}

/**
 * Each module seeds its own tables, in the order their references need. Idempotent: safe at
 * every start, and never overwrites what an administrator or operator changed.
 */
export async function seed(
  db: Db,
  options: {
    demoPassword?: string | undefined;
    /** Entries of the demo BIN routing map (100 000); the tests' template takes fewer. */
    binRoutingEntries?: number;
  },
): Promise<SeedResult> {
  const demoPassword = await seedAuth(db, options);
  await seedLoadBalancer(db);
  await seedMonitoring(db);
  await seedTransactionTypes(db);
  await seedFinance(db);
  await seedConfigMaps(db, { binRoutingEntries: options.binRoutingEntries });
  return { demoPassword };
}
