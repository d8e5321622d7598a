import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { EXTRACT_PATH_PATTERN } from '@web-control/contract/finance-settlements';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/schema.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { Actor } from '../audit/audited-change.ts';
import { createDownloadTokensRepository } from './download-tokens-repository.ts';
import { exceptionsCsvOf } from './exceptions-csv.ts';
import { createFilesRepository } from './files-repository.ts';
import { DOWNLOAD_TOKEN_TTL_MS, FINANCE_MESSAGES } from './messages.ts';
import { createOutboxRepository } from './outbox-repository.ts';

function extractIdOf(path: string): number {
  return Number(EXTRACT_PATH_PATTERN.exec(path)?.[1] ?? 0);
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Single-use download tokens for inbox files and outbox extracts, and the downloads they open. */
export function createDownloadTokensService(deps: {
  db: Db;
  clock: Clock;
  /** The user's permissions now; undefined when the user is gone or disabled. */
  permissionsOfUser: (userId: string) => Promise<readonly string[] | undefined>;
}) {
  const { db, clock } = deps;
  const tokens = createDownloadTokensRepository();
  const files = createFilesRepository();
  const outbox = createOutboxRepository();

  return {
    /** Deletes download tokens nobody spent before they expired. */
    purgeExpiredDownloadTokens: async (now: Date): Promise<number> => {
      return tokens.purgeExpiredDownloadTokens(db, now);
    },

    /**
     * A single-use token for one inbox file (DOWNLOAD_INBOX_FILES) or one extract of the outbox
     * (VIEW_PROCESSES, which the route already asks), bound to the user who asked.
     */
    downloadToken: async (
      actor: Actor,
      fileIdentifier: number | string,
      permissions: readonly string[],
    ): Promise<{ token: string }> => {
      if (actor.userId === null) {
        throw forbidden();
      }
      let target: { fileId: number | null; extractId: number | null };
      if (typeof fileIdentifier === 'number') {
        if (!permissions.includes('DOWNLOAD_INBOX_FILES')) {
          throw forbidden();
        }
        if ((await files.findFile(db, fileIdentifier)) === undefined) {
          throw notFound(FINANCE_MESSAGES.noFile);
        }
        target = { fileId: fileIdentifier, extractId: null };
      } else {
        const extractId = extractIdOf(fileIdentifier);
        if ((await outbox.findExtract(db, extractId)) === undefined) {
          throw notFound(FINANCE_MESSAGES.noExtract);
        }
        target = { fileId: null, extractId };
      }
      const token = randomBytes(32).toString('base64url');
      await tokens.insertDownloadToken(db, {
        tokenHash: hashOf(token),
        userId: actor.userId,
        ...target,
        expiresAt: new Date(clock.now().getTime() + DOWNLOAD_TOKEN_TTL_MS),
      });
      return { token };
    },

    /** Spends a token for this extract: its bytes and name. */
    downloadExtract: async (path: string, token: string) => {
      const extractId = extractIdOf(path);
      const spent = await tokens.spendDownloadToken(db, hashOf(token), clock.now());
      if (spent?.extract_id !== extractId) {
        throw forbidden(FINANCE_MESSAGES.tokenInvalid);
      }
      const permissions = await deps.permissionsOfUser(spent.user_id);
      if (permissions?.includes('VIEW_PROCESSES') !== true) {
        throw forbidden();
      }
      const extract = await outbox.findExtract(db, extractId);
      if (extract === undefined) {
        throw notFound(FINANCE_MESSAGES.noExtract);
      }
      return { fileName: extract.file_name, content: extract.content };
    },

    /** Spends a token for this file: the raw file or its exceptions extract as CSV. */
    download: async (fileId: number, token: string, what: 'file' | 'exceptions') => {
      const spent = await tokens.spendDownloadToken(db, hashOf(token), clock.now());
      if (spent?.file_id !== fileId) {
        throw forbidden(FINANCE_MESSAGES.tokenInvalid);
      }
      // The token stands in for its user: they must still hold the permission now.
      const permissions = await deps.permissionsOfUser(spent.user_id);
      if (permissions?.includes('DOWNLOAD_INBOX_FILES') !== true) {
        throw forbidden();
      }
      const file = await files.findFile(db, fileId);
      if (file === undefined) {
        throw notFound(FINANCE_MESSAGES.noFile);
      }
      if (what === 'file') {
        // Streamed from its chunks, as it was stored: never whole in memory.
        return { fileName: file.file_name, content: Readable.from(files.chunksOf(db, fileId)) };
      }
      return {
        fileName: `${file.file_name}.exceptions.csv`,
        content: Readable.from(exceptionsCsvOf(db, fileId)),
      };
    },
  };
}
