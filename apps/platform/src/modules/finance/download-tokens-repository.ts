import type { DbExecutor } from '../../db/schema.ts';

/** Single-use download tokens, stored by their hash. */
export function createDownloadTokensRepository() {
  return {
    async insertDownloadToken(
      executor: DbExecutor,
      token: {
        tokenHash: string;
        userId: string;
        fileId: number | null;
        extractId: number | null;
        expiresAt: Date;
      },
    ): Promise<void> {
      await executor
        .insertInto('recon_download_tokens')
        .values({
          token_hash: token.tokenHash,
          user_id: token.userId,
          file_id: token.fileId,
          extract_id: token.extractId,
          expires_at: token.expiresAt,
        })
        .execute();
    },

    async purgeExpiredDownloadTokens(executor: DbExecutor, now: Date): Promise<number> {
      const result = await executor
        .deleteFrom('recon_download_tokens')
        .where('expires_at', '<', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Spends a token in one DELETE: of two racing downloads only one gets the row. */
    async spendDownloadToken(executor: DbExecutor, tokenHash: string, now: Date) {
      await executor.deleteFrom('recon_download_tokens').where('expires_at', '<', now).execute();
      return executor
        .deleteFrom('recon_download_tokens')
        .where('token_hash', '=', tokenHash)
        .returning(['user_id', 'file_id', 'extract_id', 'expires_at'])
        .executeTakeFirst();
    },
  };
}

export type DownloadTokensRepository = ReturnType<typeof createDownloadTokensRepository>;
