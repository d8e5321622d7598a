import { ERROR_CODES } from '@web-control/contract/errors';
import { LOGIN_MESSAGES, type SessionAccessTokenClaims, type TokenPair } from '@web-control/contract/auth';
import type { Clock, RandomSource } from '../../clock.ts';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { AppError, INVALID_REFRESH_TOKEN_MESSAGE } from '../../errors.ts';
import type { Actor } from '../audit/audited-change.ts';
import { AUDIT_OUTCOMES, type AuditService } from '../audit/service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createAuthRepository } from './repository.ts';
import type { UserRow } from './table.ts';
import { createRefreshToken, hashRefreshToken, signAccessToken } from './tokens.ts';
import { HOUR_MS, MINUTE_MS } from '../../time.ts';

export const MAX_FAILED_LOGINS = 10;
export const LOCKOUT_MINUTES = 30;
/** A refresh token's own life; the session as a whole ends SESSION_MAX_HOURS after the sign-in. */
export const REFRESH_TOKEN_TTL_HOURS = 12;
/**
 * A session's activity is written at most this often: not a database write per request. The
 * record lags by less than this, so the idle timeout is at most this much stricter, never laxer.
 */
export const SESSION_ACTIVITY_WRITE_MS = MINUTE_MS;
export const SESSION_IDLE_MESSAGE = (minutes: number) =>
  `Your session ended after ${minutes} minutes without activity. Please sign in again.`;

export const AUTH_AUDIT_ACTIONS = {
  login: 'LOGIN',
  loginFailed: 'LOGIN_FAILED',
  loginLockout: 'LOGIN_LOCKOUT',
  refreshTokenReuse: 'REFRESH_TOKEN_REUSE',
  sessionExpired: 'SESSION_EXPIRED',
  sessionIdle: 'SESSION_IDLE',
  logout: 'LOGOUT',
  accessDenied: 'ACCESS_DENIED',
} as const;

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  random: RandomSource;
  audit: AuditService;
  /** SESSION_MAX_HOURS: a refresh-token family older than this is refused. */
  sessionMaxHours: number;
  /** SESSION_IDLE_MINUTES: a refresh after this long without an authenticated request is refused. */
  sessionIdleMinutes: number;
  getSigningSecret(): Promise<Uint8Array>;
}

/** A session: the refresh-token family, when its sign-in happened and when it was last used. */
interface SessionFamily {
  id: string;
  startedAt: Date;
  lastActiveAt: Date;
}

/** Sessions that started at or before this moment are over. */
export function sessionCutoff(now: Date, sessionMaxHours: number): Date {
  return new Date(now.getTime() - sessionMaxHours * HOUR_MS);
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
  | { kind: 'idle' }
  | { kind: 'refused' };

/** Starts (or continues, with the family of a rotated token) a session: the platform's token pair. */
async function issueTokenPair(
  deps: Pick<AuthServiceDeps, 'clock' | 'random' | 'sessionMaxHours'>,
  executor: DbExecutor,
  user: UserRow,
  family: SessionFamily,
  secret: Uint8Array,
): Promise<TokenPair> {
  const repository = createAuthRepository();
  const now = deps.clock.now();
  const permissions = await repository.listPermissionsOfRole(executor, user.role_id);
  const refreshToken = createRefreshToken(deps.random);
  const sessionEnd = family.startedAt.getTime() + deps.sessionMaxHours * HOUR_MS;
  await repository.insertRefreshToken(executor, {
    tokenHash: hashRefreshToken(refreshToken),
    familyId: family.id,
    familyStartedAt: family.startedAt,
    userId: user.user_id,
    issuedAt: now,
    expiresAt: new Date(Math.min(now.getTime() + REFRESH_TOKEN_TTL_HOURS * HOUR_MS, sessionEnd)),
    lastActiveAt: family.lastActiveAt,
  });
  const accessToken = await signAccessToken(
    {
      userId: user.user_id,
      username: user.username,
      permissions,
      sessionId: family.id,
      authzVersion: user.authz_version,
    },
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
    async login(
      username: string,
      password: string,
      context: Pick<Actor, 'clientAddress'>,
    ): Promise<TokenPair> {
      const user = await repository.findUserByUsername(db, username);
      const now = clock.now();
      const passwordMatches = await verifyPassword(user?.password_hash ?? (await getDummyHash()), password);
      const failure = (reason: string) =>
        audit.record(db, {
          action: AUTH_AUDIT_ACTIONS.loginFailed,
          outcome: AUDIT_OUTCOMES.failure,
          // An unknown name is often a password typed into the wrong field: never stored.
          actor: user?.username ?? null,
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
            actor: user.username,
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
        const family = { id: createUuid(random), startedAt: now, lastActiveAt: now };
        const pair = await issueTokenPair(deps, tx, user, family, secret);
        await audit.record(tx, {
          action: AUTH_AUDIT_ACTIONS.login,
          outcome: AUDIT_OUTCOMES.success,
          actor: user.username,
          clientAddress: context.clientAddress,
        });
        return pair;
      });
    },

    async refresh(refreshToken: string, context: Pick<Actor, 'clientAddress'>): Promise<TokenPair> {
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
        if (stored.family_started_at <= sessionCutoff(now, deps.sessionMaxHours)) {
          await repository.revokeFamily(tx, stored.family_id, now);
          await audit.record(tx, {
            action: AUTH_AUDIT_ACTIONS.sessionExpired,
            outcome: AUDIT_OUTCOMES.refused,
            actor: user?.username ?? null,
            clientAddress: context.clientAddress,
            detail: { familyId: stored.family_id, startedAt: stored.family_started_at.toISOString() },
          });
          return { kind: 'refused' };
        }
        if (now.getTime() - stored.last_active_at.getTime() > deps.sessionIdleMinutes * MINUTE_MS) {
          await repository.revokeFamily(tx, stored.family_id, now);
          await audit.record(tx, {
            action: AUTH_AUDIT_ACTIONS.sessionIdle,
            outcome: AUDIT_OUTCOMES.refused,
            actor: user?.username ?? null,
            clientAddress: context.clientAddress,
            detail: { familyId: stored.family_id, lastActiveAt: stored.last_active_at.toISOString() },
          });
          return { kind: 'idle' };
        }
        if (stored.expires_at <= now || user === undefined || user.disabled) {
          await repository.revokeFamily(tx, stored.family_id, now);
          return { kind: 'refused' };
        }
        await repository.markRefreshTokenUsed(tx, stored.token_id, now);
        // A refresh is no activity: the console refreshes on its own while nobody uses it.
        const family = {
          id: stored.family_id,
          startedAt: stored.family_started_at,
          lastActiveAt: stored.last_active_at,
        };
        return { kind: 'issued', pair: await issueTokenPair(deps, tx, user, family, secret) };
      });
      if (outcome.kind === 'idle') {
        throw new AppError(401, ERROR_CODES.sessionIdle, SESSION_IDLE_MESSAGE(deps.sessionIdleMinutes));
      }
      if (outcome.kind !== 'issued') {
        throw invalidRefreshToken();
      }
      return outcome.pair;
    },

    /**
     * The guard's per-request check: the permissions the token may use, or undefined when its
     * session is over. A token signed before a role change gets the role's permissions of now.
     */
    async checkSession(claims: SessionAccessTokenClaims): Promise<readonly string[] | undefined> {
      const now = clock.now();
      const session = await repository.findLiveSession(db, {
        userId: claims.sub,
        sessionId: claims.sid,
        startedAfter: sessionCutoff(now, deps.sessionMaxHours),
      });
      if (session === undefined) {
        return undefined;
      }
      const writeBefore = new Date(now.getTime() - SESSION_ACTIVITY_WRITE_MS);
      if (session.lastActiveAt < writeBefore) {
        await repository.recordSessionActivity(db, {
          sessionId: claims.sid,
          activeAt: now,
          olderThan: writeBefore,
        });
      }
      return session.authzVersion === claims.ver
        ? claims.permissions
        : repository.listPermissionsOfRole(db, session.roleId);
    },

    /**
     * What an enabled user may do now, without a session; undefined for a deleted or disabled
     * user. For credentials that outlive the request that made them, e.g. a download token.
     */
    async permissionsOfUser(userId: string): Promise<readonly string[] | undefined> {
      const user = await repository.findUserById(db, userId);
      if (user === undefined || user.disabled) {
        return undefined;
      }
      return repository.listPermissionsOfRole(db, user.role_id);
    },

    /** A request refused for a missing permission (403). */
    async recordForbidden(refusal: {
      actor: string | null;
      clientAddress: string;
      method: string;
      url: string;
      missing: readonly string[];
    }): Promise<void> {
      await audit.record(db, {
        action: AUTH_AUDIT_ACTIONS.accessDenied,
        outcome: AUDIT_OUTCOMES.refused,
        actor: refusal.actor,
        clientAddress: refusal.clientAddress,
        detail: { method: refusal.method, url: refusal.url, missing: refusal.missing },
      });
    },

    async logout(refreshToken: string, context: Pick<Actor, 'clientAddress'>): Promise<void> {
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
export function createExternalSignIn(deps: Pick<AuthServiceDeps, 'clock' | 'random' | 'sessionMaxHours'>) {
  const repository = createAuthRepository();
  return {
    findUserById: (executor: DbExecutor, userId: string) => repository.findUserById(executor, userId),
    findUsersByEmail: (executor: DbExecutor, email: string) => repository.findUsersByEmail(executor, email),

    issueTokenPair: (executor: DbExecutor, user: UserRow, secret: Uint8Array): Promise<TokenPair> =>
      issueTokenPair(
        deps,
        executor,
        user,
        { id: createUuid(deps.random), startedAt: deps.clock.now(), lastActiveAt: deps.clock.now() },
        secret,
      ),
  };
}

export type ExternalSignIn = ReturnType<typeof createExternalSignIn>;
