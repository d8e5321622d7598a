import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/schema.ts';

/** A token lives this long and opens one download. */
const DOWNLOAD_TOKEN_TTL_MS = 60_000;

/** What a token opens: an inbox file, an outbox extract, or a list's export with its filter. */
export type DownloadSubject =
  | { kind: 'file'; fileId: number }
  | { kind: 'extract'; extractId: number }
  | { kind: 'list'; list: string; query: unknown };

interface SpentToken {
  userId: string;
  username: string;
  subject: DownloadSubject;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The platform's single-use download tokens (finance files and extracts, every list's export):
 * random, stored only as their hash, bound to the user who asked, spent by one `DELETE … RETURNING`
 * so that of two racing downloads only one gets the row.
 */
export function createDownloadTokens(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async issue(user: { userId: string; username: string }, subject: DownloadSubject): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('download_tokens')
        .values({
          token_hash: hashOf(token),
          user_id: user.userId,
          username: user.username,
          file_id: subject.kind === 'file' ? subject.fileId : null,
          extract_id: subject.kind === 'extract' ? subject.extractId : null,
          list: subject.kind === 'list' ? subject.list : null,
          query: subject.kind === 'list' ? JSON.stringify(subject.query) : null,
          expires_at: new Date(clock.now().getTime() + DOWNLOAD_TOKEN_TTL_MS),
        })
        .execute();
      return token;
    },

    /** The token's user and subject, once; undefined when it is unknown, spent or expired. */
    async spend(token: string): Promise<SpentToken | undefined> {
      const now = clock.now();
      await db.deleteFrom('download_tokens').where('expires_at', '<', now).execute();
      const row = await db
        .deleteFrom('download_tokens')
        .where('token_hash', '=', hashOf(token))
        .where('expires_at', '>=', now)
        .returning(['user_id', 'username', 'file_id', 'extract_id', 'list', 'query'])
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const subject: DownloadSubject =
        row.list !== null
          ? { kind: 'list', list: row.list, query: row.query }
          : row.file_id !== null
            ? { kind: 'file', fileId: row.file_id }
            : { kind: 'extract', extractId: row.extract_id ?? 0 };
      return { userId: row.user_id, username: row.username, subject };
    },

    /** Deletes the tokens nobody spent before they expired. */
    async purgeExpired(now: Date): Promise<number> {
      const result = await db.deleteFrom('download_tokens').where('expires_at', '<', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
