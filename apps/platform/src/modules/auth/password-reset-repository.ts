import { sql } from 'kysely';
import type { DbExecutor } from '../../db/schema.ts';
import type { PasswordTokenPurpose } from './table.ts';

export interface NewPasswordToken {
  tokenHash: string;
  purpose: PasswordTokenPurpose;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
}

/** At most this many accounts share one address; more is a data problem, not a reason to mail them all. */
const MAX_USERS_PER_EMAIL = 10;

/** The queries of password reset and enrolment. */
export function createPasswordResetRepository() {
  return {
    async insertToken(executor: DbExecutor, token: NewPasswordToken): Promise<void> {
      await executor
        .insertInto('password_tokens')
        .values({
          token_hash: token.tokenHash,
          purpose: token.purpose,
          user_id: token.userId,
          created_at: token.createdAt,
          expires_at: token.expiresAt,
        })
        .execute();
    },

    /**
     * Spends a token in one conditional UPDATE: of two racing uses exactly one gets the row back;
     * a used, expired or unknown token gets nothing.
     */
    spendToken(
      executor: DbExecutor,
      tokenHash: string,
      now: Date,
    ): Promise<{ userId: string; purpose: PasswordTokenPurpose } | undefined> {
      return executor
        .updateTable('password_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id as userId', 'purpose'])
        .executeTakeFirst();
    },

    /** Spends every other open link of the user, so an older e-mail can't set the password again. */
    async spendOpenTokensOfUser(executor: DbExecutor, userId: string, now: Date): Promise<number> {
      const result = await executor
        .updateTable('password_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The user an open (unspent, unexpired) link belongs to, without spending it. */
    async findUserOfOpenToken(
      executor: DbExecutor,
      tokenHash: string,
      now: Date,
    ): Promise<string | undefined> {
      const row = await executor
        .selectFrom('password_tokens')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.user_id;
    },

    /** The current password's hash first, then the replaced ones, newest first: `depth` in all. */
    async listRecentPasswordHashes(executor: DbExecutor, userId: string, depth: number): Promise<string[]> {
      const current = await executor
        .selectFrom('users')
        .select('password_hash')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const earlier = await executor
        .selectFrom('password_history')
        .select('password_hash')
        .where('user_id', '=', userId)
        .orderBy('entry_id', 'desc')
        .limit(depth - 1)
        .execute();
      return [current?.password_hash ?? null, ...earlier.map((row) => row.password_hash)].filter(
        (hash): hash is string => hash !== null,
      );
    },

    /** Moves the current hash into the history, keeping only the entries a check still reads. */
    async rememberCurrentPassword(
      executor: DbExecutor,
      userId: string,
      now: Date,
      keep: number,
    ): Promise<void> {
      await executor
        .insertInto('password_history')
        .columns(['user_id', 'password_hash', 'replaced_at'])
        .expression((eb) =>
          eb
            .selectFrom('users')
            .select([
              'user_id',
              sql<string>`password_hash`.as('password_hash'),
              sql<Date>`${now}::timestamptz`.as('replaced_at'),
            ])
            .where('user_id', '=', userId)
            .where('password_hash', 'is not', null),
        )
        .execute();
      await executor
        .deleteFrom('password_history')
        .where('user_id', '=', userId)
        .where(
          'entry_id',
          'not in',
          executor
            .selectFrom('password_history')
            .select('entry_id')
            .where('user_id', '=', userId)
            .orderBy('entry_id', 'desc')
            .limit(keep),
        )
        .execute();
    },

    findUsersByEmail(
      executor: DbExecutor,
      email: string,
    ): Promise<Array<{ userId: string; username: string; email: string }>> {
      return executor
        .selectFrom('users')
        .select(['user_id as userId', 'username', sql<string>`email`.as('email')])
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('disabled', '=', false)
        .orderBy('username')
        .limit(MAX_USERS_PER_EMAIL)
        .execute();
    },

    findUsername(executor: DbExecutor, userId: string): Promise<{ username: string } | undefined> {
      return executor.selectFrom('users').select('username').where('user_id', '=', userId).executeTakeFirst();
    },

    /** The new hash, and a fresh start for the lockout. */
    async setPasswordHash(executor: DbExecutor, userId: string, passwordHash: string): Promise<void> {
      await executor
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          failed_login_count: 0,
          locked_until: null,
          updated_at: sql<Date>`now()`,
        })
        .where('user_id', '=', userId)
        .execute();
    },

    /** Expired links can never be spent, used or not. */
    async deleteExpiredTokens(executor: DbExecutor, now: Date): Promise<number> {
      const result = await executor
        .deleteFrom('password_tokens')
        .where('expires_at', '<', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
