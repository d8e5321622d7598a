import type { Db } from '../../db/schema.ts';
import { createSsoRepository } from './repository.ts';

/** Deletes started sign-ons past their expiry (spent or not); housekeeping calls it hourly. */
export async function purgeExpiredSsoTransactions(db: Db, now: Date): Promise<{ ssoTransactions: number }> {
  return { ssoTransactions: await createSsoRepository().deleteExpiredTransactions(db, now) };
}
