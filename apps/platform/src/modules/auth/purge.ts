import type { Db } from '../../db/schema.ts';
import { createPasswordResetRepository } from './password-reset-repository.ts';
import { createAuthRepository } from './repository.ts';

/**
 * Deletes what can never be used again: refresh-token families past their last token's expiry,
 * and expired password reset and enrolment links. Housekeeping calls it hourly.
 */
export async function purgeExpiredAuthTokens(
  db: Db,
  now: Date,
): Promise<{ refreshTokens: number; passwordLinks: number }> {
  const refreshTokens = await createAuthRepository().deleteExpiredRefreshTokens(db, now);
  const passwordLinks = await createPasswordResetRepository().deleteExpiredTokens(db, now);
  return { refreshTokens, passwordLinks };
}
