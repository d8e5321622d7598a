import type { DbExecutor } from '../../db/schema.ts';

export function createExportsRepository() {
  return {
    async insertToken(
      executor: DbExecutor,
      token: {
        tokenHash: string;
        userId: string;
        username: string;
        list: string;
        query: unknown;
        expiresAt: Date;
      },
    ): Promise<void> {
      await executor
        .insertInto('export_tokens')
        .values({
          token_hash: token.tokenHash,
          user_id: token.userId,
          username: token.username,
          list: token.list,
          query: JSON.stringify(token.query),
          expires_at: token.expiresAt,
        })
        .execute();
    },

    /** Spends a token in one DELETE: of two racing downloads only one gets the row. */
    async spendToken(executor: DbExecutor, tokenHash: string, list: string, now: Date) {
      await executor.deleteFrom('export_tokens').where('expires_at', '<', now).execute();
      return executor
        .deleteFrom('export_tokens')
        .where('token_hash', '=', tokenHash)
        .where('list', '=', list)
        .where('expires_at', '>=', now)
        .returning(['user_id', 'username', 'query'])
        .executeTakeFirst();
    },
  };
}
