import { sql } from 'kysely';
import type { DbExecutor } from '../../db/schema.ts';
import type { RefreshTokenRow, UserRow } from './table.ts';

export interface NewRefreshToken {
  tokenHash: string;
  familyId: string;
  familyStartedAt: Date;
  userId: string;
  issuedAt: Date;
  expiresAt: Date;
  lastActiveAt: Date;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every query of the auth module. */
export function createAuthRepository() {
  return {
    /** Whatever its case, as names are unique whatever their case (users_username_lower_key). */
    findUserByUsername(executor: DbExecutor, username: string): Promise<UserRow | undefined> {
      return executor
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    findUserById(executor: DbExecutor, userId: string): Promise<UserRow | undefined> {
      return executor.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /**
     * One primary-key lookup per request: the user exists and is not disabled, and the session
     * (refresh-token family) is neither revoked nor older than the absolute lifetime. Answers the
     * user's current authorization version, or undefined when the token must be refused.
     */
    async findLiveSession(
      executor: DbExecutor,
      session: { userId: string; sessionId: string; startedAfter: Date },
    ): Promise<{ authzVersion: number; roleId: number | null; lastActiveAt: Date } | undefined> {
      if (!UUID_PATTERN.test(session.userId) || !UUID_PATTERN.test(session.sessionId)) {
        return undefined;
      }
      return executor
        .selectFrom('users')
        .innerJoin('refresh_tokens', 'refresh_tokens.user_id', 'users.user_id')
        .select([
          'users.authz_version as authzVersion',
          'users.role_id as roleId',
          (eb) => eb.fn.max('refresh_tokens.last_active_at').as('lastActiveAt'),
        ])
        .where('users.user_id', '=', session.userId)
        .where('users.disabled', '=', false)
        .where('refresh_tokens.family_id', '=', session.sessionId)
        .where('refresh_tokens.revoked_at', 'is', null)
        .where('refresh_tokens.family_started_at', '>', session.startedAfter)
        .groupBy(['users.authz_version', 'users.role_id'])
        .executeTakeFirst();
    },

    /** Records a session's activity on its live refresh token; only an older record is overwritten. */
    async recordSessionActivity(
      executor: DbExecutor,
      session: { sessionId: string; activeAt: Date; olderThan: Date },
    ): Promise<void> {
      await executor
        .updateTable('refresh_tokens')
        .set({ last_active_at: session.activeAt })
        .where('family_id', '=', session.sessionId)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('last_active_at', '<', session.olderThan)
        .execute();
    },

    /** Access tokens signed before now carry an older version: the guard re-reads their permissions. */
    async bumpAuthzVersionOfUser(executor: DbExecutor, userId: string): Promise<void> {
      await executor
        .updateTable('users')
        .set({ authz_version: sql<number>`authz_version + 1` })
        .where('user_id', '=', userId)
        .execute();
    },

    async bumpAuthzVersionOfRole(executor: DbExecutor, roleId: number): Promise<void> {
      await executor
        .updateTable('users')
        .set({ authz_version: sql<number>`authz_version + 1` })
        .where('role_id', '=', roleId)
        .execute();
    },

    async listPermissionsOfRole(executor: DbExecutor, roleId: number | null): Promise<string[]> {
      if (roleId === null) {
        return [];
      }
      const rows = await executor
        .selectFrom('role_permissions')
        .innerJoin('permissions', 'permissions.permission_id', 'role_permissions.permission_id')
        .select('permissions.name')
        .where('role_permissions.role_id', '=', roleId)
        .orderBy('permissions.permission_id')
        .execute();
      return rows.map((row) => row.name);
    },

    /**
     * Counts one failure in a single statement (two racing failures both count); on reaching the
     * limit the account is locked and the count starts again. Returns whether this failure locked it.
     */
    async recordFailedLogin(
      executor: DbExecutor,
      userId: string,
      limit: number,
      lockedUntil: Date,
    ): Promise<{ lockedNow: boolean }> {
      const row = await executor
        .updateTable('users')
        .set({
          failed_login_count: sql<number>`case when failed_login_count + 1 >= ${limit} then 0 else failed_login_count + 1 end`,
          locked_until: sql<Date | null>`case when failed_login_count + 1 >= ${limit} then ${lockedUntil}::timestamptz else locked_until end`,
          updated_at: sql<Date>`now()`,
        })
        .where('user_id', '=', userId)
        .returning(sql<boolean>`failed_login_count = 0`.as('locked_now'))
        .executeTakeFirst();
      return { lockedNow: row?.locked_now ?? false };
    },

    async resetFailedLogins(executor: DbExecutor, userId: string): Promise<void> {
      await executor
        .updateTable('users')
        .set({ failed_login_count: 0, locked_until: null })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('failed_login_count', '>', 0), eb('locked_until', 'is not', null)]))
        .execute();
    },

    async insertRefreshToken(executor: DbExecutor, token: NewRefreshToken): Promise<void> {
      await executor
        .insertInto('refresh_tokens')
        .values({
          token_hash: token.tokenHash,
          family_id: token.familyId,
          family_started_at: token.familyStartedAt,
          user_id: token.userId,
          issued_at: token.issuedAt,
          expires_at: token.expiresAt,
          last_active_at: token.lastActiveAt,
        })
        .execute();
    },

    /** Locks the row so two refreshes with the same token can't both succeed. */
    findRefreshTokenForUpdate(executor: DbExecutor, tokenHash: string): Promise<RefreshTokenRow | undefined> {
      return executor
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .forUpdate()
        .executeTakeFirst();
    },

    async markRefreshTokenUsed(executor: DbExecutor, tokenId: number, usedAt: Date): Promise<boolean> {
      const result = await executor
        .updateTable('refresh_tokens')
        .set({ used_at: usedAt })
        .where('token_id', '=', tokenId)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Ends every session of a user (password set, user deleted). */
    async revokeRefreshTokensOfUser(executor: DbExecutor, userId: string, revokedAt: Date): Promise<number> {
      const result = await executor
        .updateTable('refresh_tokens')
        .set({ revoked_at: revokedAt })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async revokeFamily(executor: DbExecutor, familyId: string, revokedAt: Date): Promise<number> {
      const result = await executor
        .updateTable('refresh_tokens')
        .set({ revoked_at: revokedAt })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Every user with this address, compared without case (single sign-on links only a unique match). */
    findUsersByEmail(executor: DbExecutor, email: string): Promise<UserRow[]> {
      return executor
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .limit(2)
        .execute();
    },

    /**
     * Deletes the refresh tokens of families whose every token has expired: a family with a
     * live token keeps its used ones, which are what reveals a reuse.
     */
    async deleteExpiredRefreshTokens(executor: DbExecutor, now: Date): Promise<number> {
      const result = await executor
        .deleteFrom('refresh_tokens')
        .where('expires_at', '<', now)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('refresh_tokens as live')
                .select('live.token_id')
                .whereRef('live.family_id', '=', 'refresh_tokens.family_id')
                .where('live.expires_at', '>=', now),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
