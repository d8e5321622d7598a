import { Readable } from 'node:stream';
import { extractDownloadPermission, EXTRACT_PATH_PATTERN } from '@web-control/contract/finance-settlements';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/schema.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { Actor } from '../audit/audited-change.ts';
import { createDownloadTokens, type DownloadSubject } from '../download-tokens/download-tokens.ts';
import { exceptionsCsvOf } from './exceptions-csv.ts';
import { createFilesRepository } from './files-repository.ts';
import { FINANCE_MESSAGES } from './messages.ts';
import { createOutboxRepository } from './outbox-repository.ts';

function extractIdOf(path: string): number {
  return Number(EXTRACT_PATH_PATTERN.exec(path)?.[1] ?? 0);
}

/** Download tokens for inbox files and outbox extracts (the platform's one kind), and the downloads they open. */
export function createDownloadTokensService(deps: {
  db: Db;
  clock: Clock;
  /** The user's permissions now; undefined when the user is gone or disabled. */
  permissionsOfUser: (userId: string) => Promise<readonly string[] | undefined>;
}) {
  const { db, clock } = deps;
  const tokens = createDownloadTokens({ db, clock });
  const files = createFilesRepository();
  const outbox = createOutboxRepository();

  return {
    /** Deletes download tokens nobody spent before they expired. */
    purgeExpiredDownloadTokens: async (now: Date): Promise<number> => {
      return tokens.purgeExpired(now);
    },

    /**
     * A single-use token for one inbox file (DOWNLOAD_INBOX_FILES) or one extract of the outbox
     * (VIEW_PROCESSES, which the route already asks; an exceptions extract as an inbox file), bound
     * to the user who asked.
     */
    downloadToken: async (
      actor: Actor,
      fileIdentifier: number | string,
      permissions: readonly string[],
    ): Promise<{ token: string }> => {
      if (actor.userId === null) {
        throw forbidden();
      }
      let subject: DownloadSubject;
      if (typeof fileIdentifier === 'number') {
        if (!permissions.includes('DOWNLOAD_INBOX_FILES')) {
          throw forbidden();
        }
        if ((await files.findFile(db, fileIdentifier)) === undefined) {
          throw notFound(FINANCE_MESSAGES.noFile);
        }
        subject = { kind: 'file', fileId: fileIdentifier };
      } else {
        const extractId = extractIdOf(fileIdentifier);
        const extract = await outbox.findExtract(db, extractId);
        if (extract === undefined) {
          throw notFound(FINANCE_MESSAGES.noExtract);
        }
        if (!permissions.includes(extractDownloadPermission(extract.kinds))) {
          throw forbidden();
        }
        subject = { kind: 'extract', extractId };
      }
      return { token: await tokens.issue({ userId: actor.userId, username: actor.username }, subject) };
    },

    /** Spends a token for this extract: its bytes and name. */
    downloadExtract: async (path: string, token: string) => {
      const extractId = extractIdOf(path);
      const spent = await tokens.spend(token);
      if (spent?.subject.kind !== 'extract' || spent.subject.extractId !== extractId) {
        throw forbidden(FINANCE_MESSAGES.tokenInvalid);
      }
      const permissions = await deps.permissionsOfUser(spent.userId);
      if (permissions?.includes('VIEW_PROCESSES') !== true) {
        throw forbidden();
      }
      const extract = await outbox.findExtract(db, extractId);
      if (extract === undefined) {
        throw notFound(FINANCE_MESSAGES.noExtract);
      }
      if (!permissions.includes(extractDownloadPermission(extract.kinds))) {
        throw forbidden();
      }
      return { fileName: extract.file_name, content: extract.content };
    },

    /** Spends a token for this file: the raw file or its exceptions extract as CSV. */
    download: async (fileId: number, token: string, what: 'file' | 'exceptions') => {
      const spent = await tokens.spend(token);
      if (spent?.subject.kind !== 'file' || spent.subject.fileId !== fileId) {
        throw forbidden(FINANCE_MESSAGES.tokenInvalid);
      }
      // The token stands in for its user: they must still hold the permission now.
      const permissions = await deps.permissionsOfUser(spent.userId);
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
