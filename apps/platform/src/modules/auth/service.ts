import { ERROR_CODES } from '@web-control/contract/errors';
import { LOGIN_MESSAGES, type TokenPair } from '@web-control/contract/auth';
import type { Clock, RandomSource } from '../../clock.ts';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { AppError, INVALID_REFRESH_TOKEN_MESSAGE } from '../../errors.ts';
import { AUDIT_OUTCOMES, type AuditService } from '../audit/service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createAuthRepository } from './repository.ts';
import type { UserRow } from './table.ts';
import { createRefreshToken, hashRefreshToken, signAccessToken } from './tokens.ts';
import { HOUR_MS, MINUTE_MS } from '../../time.ts';

export const MAX_FAILED_LOGINS = 10;
export const LOCKOUT_MINUTES = 30;
export const REFRESH_TOKEN_TTL_HOURS = 12;

export const AUTH_AUDIT_ACTIONS = {
  login: 'LOGIN',
  loginFailed: 'LOGIN_FAILED',
  loginLockout: 'LOGIN_LOCKOUT',
  refreshTokenReuse: 'REFRESH_TOKEN_REUSE',
  logout: 'LOGOUT',
} as const;

export interface RequestContext {
  clientAddress: string;
}

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  random: RandomSource;
  audit: AuditService;
  getSigningSecret(): Promise<Uint8Array>;
}

function invalidCredentials(): AppError {
  // One answer for unknown user, wrong password, locked and disabled: nothing to enumerate.
  return new AppError(401, ERROR_CODES.invalidCredentials, LOGIN_MESSAGES.failed);
}

function invalidRefreshToken(): AppError {
  return new AppError(401, ERROR_CODES.invalidRefreshToken, INVALID_REFRESH_TOKEN_MESSAGE);
}

/** A version 4 UUID from the injectable random source. */
export function createUuid(random: RandomSource): string {
  const bytes = random.bytes(16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type RefreshOutcome =
  | { kind: 'issued'; pair: TokenPair }
  | { kind: 'unknown' }
  | { kind: 'reused'; username: string | null }
  | { kind: 'refused' };

/** Starts (or continues, with the family of a rotated token) a session: the platform's token pair. */
async function issueTokenPair(
  deps: Pick<AuthServiceDeps, 'clock' | 'random'>,
  executor: DbExecutor,
  user: UserRow,
  familyId: string,
  secret: Uint8Array,
): Promise<TokenPair> {
  const repository = createAuthRepository();
  const now = deps.clock.now();
  const permissions = await repository.listPermissionsOfRole(executor, user.role_id);
  const refreshToken = createRefreshToken(deps.random);
  await repository.insertRefreshToken(executor, {
    tokenHash: hashRefreshToken(refreshToken),
    familyId,
    userId: user.user_id,
    issuedAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_HOURS * HOUR_MS),
  });
  const accessToken = await signAccessToken(
    { userId: user.user_id, username: user.username, permissions },
    secret,
    now,
  );
  return { access_token: accessToken, refresh_token: refreshToken };
}

export function createAuthService(deps: AuthServiceDeps) {
  const repository = createAuthRepository();
  const { db, clock, random, audit } = deps;
  let dummyHash: Promise<string> | undefined;

  /** Unknown users still cost one verify, so timing does not reveal which usernames exist. */
  function getDummyHash(): Promise<string> {
    dummyHash ??= hashPassword(random.bytes(16).toString('hex'));
    return dummyHash;
  }

  return {
    async login(username: string, password: string, context: RequestContext): Promise<TokenPair> {
      const user = await repository.findUserByUsername(db, username);
      const now = clock.now();
      const passwordMatches = await verifyPassword(user?.password_hash ?? (await getDummyHash()), password);
      const failure = (reason: string) =>
        audit.record(db, {
          action: AUTH_AUDIT_ACTIONS.loginFailed,
          outcome: AUDIT_OUTCOMES.failure,
          actor: username,
          clientAddress: context.clientAddress,
          detail: { reason },
        });

      if (user === undefined) {
        await failure('unknown-user');
        throw invalidCredentials();
      }
      if (user.locked_until !== null && user.locked_until > now) {
        await failure('locked');
        throw invalidCredentials();
      }
      if (user.disabled) {
        await failure('disabled');
        throw invalidCredentials();
      }
      if (!passwordMatches) {
        await failure('wrong-password');
        const lockedUntil = new Date(now.getTime() + LOCKOUT_MINUTES * MINUTE_MS);
        const { lockedNow } = await repository.recordFailedLogin(
          db,
          user.user_id,
          MAX_FAILED_LOGINS,
          lockedUntil,
        );
        if (lockedNow) {
          await audit.record(db, {
            action: AUTH_AUDIT_ACTIONS.loginLockout,
            outcome: AUDIT_OUTCOMES.failure,
            actor: username,
            clientAddress: context.clientAddress,
            detail: { lockedUntil: lockedUntil.toISOString(), failedAttempts: MAX_FAILED_LOGINS },
          });
        }
        throw invalidCredentials();
      }

      // Read before the transaction: PGlite has one connection, and the transaction holds it.
      const secret = await deps.getSigningSecret();
      return db.transaction().execute(async (tx) => {
        await repository.resetFailedLogins(tx, user.user_id);
        const pair = await issueTokenPair(deps, tx, user, createUuid(random), secret);
        await audit.record(tx, {
          action: AUTH_AUDIT_ACTIONS.login,
          outcome: AUDIT_OUTCOMES.success,
          actor: user.username,
          clientAddress: context.clientAddress,
        });
        return pair;
      });
    },

    async refresh(refreshToken: string, context: RequestContext): Promise<TokenPair> {
      // The outcome is decided and committed first, so a reuse's revocation and audit row stay
      // even though the caller gets a 401.
      const secret = await deps.getSigningSecret();
      const outcome = await db.transaction().execute(async (tx): Promise<RefreshOutcome> => {
        const now = clock.now();
        const stored = await repository.findRefreshTokenForUpdate(tx, hashRefreshToken(refreshToken));
        if (stored === undefined) {
          return { kind: 'unknown' };
        }
        const user = await repository.findUserById(tx, stored.user_id);
        if (stored.used_at !== null || stored.revoked_at !== null) {
          const revoked = await repository.revokeFamily(tx, stored.family_id, now);
          await audit.record(tx, {
            action: AUTH_AUDIT_ACTIONS.refreshTokenReuse,
            outcome: AUDIT_OUTCOMES.failure,
            actor: user?.username ?? null,
            clientAddress: context.clientAddress,
            detail: { familyId: stored.family_id, revokedTokens: revoked },
          });
          return { kind: 'reused', username: user?.username ?? null };
        }
        if (stored.expires_at <= now || user === undefined || user.disabled) {
          await repository.revokeFamily(tx, stored.family_id, now);
          return { kind: 'refused' };
        }
        await repository.markRefreshTokenUsed(tx, stored.token_id, now);
        return { kind: 'issued', pair: await issueTokenPair(deps, tx, user, stored.family_id, secret) };
      });
      if (outcome.kind !== 'issued') {
        throw invalidRefreshToken();
      }
      return outcome.pair;
    },

    async logout(refreshToken: string, context: RequestContext): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const now = clock.now();
        const stored = await repository.findRefreshTokenForUpdate(tx, hashRefreshToken(refreshToken));
        if (stored === undefined) {
          await audit.record(tx, {
            action: AUTH_AUDIT_ACTIONS.logout,
            outcome: AUDIT_OUTCOMES.failure,
            actor: null,
            clientAddress: context.clientAddress,
            detail: { reason: 'unknown-token' },
          });
          return;
        }
        const user = await repository.findUserById(tx, stored.user_id);
        const revoked = await repository.revokeFamily(tx, stored.family_id, now);
        await audit.record(tx, {
          action: AUTH_AUDIT_ACTIONS.logout,
          outcome: AUDIT_OUTCOMES.success,
          actor: user?.username ?? null,
          clientAddress: context.clientAddress,
          detail: { revokedTokens: revoked },
        });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * What another way of signing in (single sign-on) needs from this module: find the platform user
 * an external identity names, and start a session exactly as a password login does (the same
 * token pair, the permissions of the user's role).
 */
export function createExternalSignIn(deps: Pick<AuthServiceDeps, 'clock' | 'random'>) {
  const repository = createAuthRepository();
  return {
    findUserById: (executor: DbExecutor, userId: string) => repository.findUserById(executor, userId),
    findUserByUsername: (executor: DbExecutor, username: string) =>
      repository.findUserByUsername(executor, username),
    findUsersByEmail: (executor: DbExecutor, email: string) => repository.findUsersByEmail(executor, email),

    issueTokenPair: (executor: DbExecutor, user: UserRow, secret: Uint8Array): Promise<TokenPair> =>
      issueTokenPair(deps, executor, user, createUuid(deps.random), secret),
  };
}

export type ExternalSignIn = ReturnType<typeof createExternalSignIn>;
