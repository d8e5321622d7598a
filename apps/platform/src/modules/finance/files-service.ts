import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  paginationInfoOf,
  type AuditStatus,
  FILE_ACTION_TYPES,
  type FileActionType,
  type PageQuery,
  type ReconFile,
  type ReconRecord,
  type ReconTransaction,
} from '@web-control/contract/finance';
import { type ActionFile } from '@web-control/contract/finance-actions';
import type { Clock } from '../../clock.ts';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { NOT_UTF8_MESSAGE } from '../../utf8.ts';
import type { ApprovalKind, ApprovalRequest, createApprovalsEngine } from '../approvals/service.ts';
import { SYSTEM_ACTOR, type Actor } from '../audit/audited-change.ts';
import { createActionsRepository } from './actions-repository.ts';
import type { ActionsService, FileActionEntry } from './actions-service.ts';
import type { FileLoadService } from './file-load-service.ts';
import { contentOf, type FileContent } from './file-content.ts';
import { createFilesRepository } from './files-repository.ts';
import { createLoadRepository } from './load-repository.ts';
import { createMatchingRepository } from './matching-repository.ts';
import { FINANCE_MESSAGES, noProcessFound } from './messages.ts';
import { partyOf, type ProcessService } from './process-service.ts';
import type { ReconFileRow } from './table.ts';

const FILE_ACTION_PAYLOAD = z.object({ processId: z.number().int(), fileName: z.string() });
export type FileActionPayload = z.infer<typeof FILE_ACTION_PAYLOAD>;

export function isFileAction(type: string): type is FileActionType {
  return (FILE_ACTION_TYPES as readonly string[]).includes(type);
}

export interface UploadInput {
  fileName: string;
  comment: string;
  processIds: number[];
  content: FileContent;
}

/** A file a party's feed delivered: it loads at once, as the system, without an approval. */
export interface FeedFile {
  processId: number;
  fileName: string;
  content: Buffer;
  /** When the feed delivered it: the inbox's date. */
  arrivedAt: Date;
}

function toReconFile(row: ReconFileRow & { party_name: string }): ReconFile {
  return {
    id: row.file_id,
    processId: row.process_id,
    fileName: row.file_name,
    partyName: row.party_name,
    createdDateTime: row.created_at.toISOString(),
    status: row.status,
    records: row.records,
    exceptions: row.exceptions,
    errorReason: row.load_error,
    progress:
      row.status === 'FILTER' && row.records_read !== null
        ? { read: row.records_read, total: Math.max(row.records_read, row.records_total ?? 0) }
        : null,
  };
}

function entryOf(request: ApprovalRequest<FileActionPayload>): FileActionEntry {
  return { id: request.id, requestedAt: request.requestedAt, ...request.payload };
}

/** The inbox: uploads, their approvals, rollbacks and reloads, and the feeds' files. */
export function createFilesService(deps: {
  db: Db;
  clock: Clock;
  approvals: ReturnType<typeof createApprovalsEngine>;
  processes: ProcessService;
  actions: ActionsService;
  loads: FileLoadService;
}) {
  const { db, clock, approvals, processes, actions, loads } = deps;
  const repository = createFilesRepository();
  const records = createLoadRepository();
  const matching = createMatchingRepository();
  const actionRows = createActionsRepository();

  async function lockedFile(tx: DbExecutor, fileId: number | null): Promise<ReconFileRow> {
    const file = fileId === null ? undefined : await repository.findFileForUpdate(tx, fileId);
    if (file === undefined) {
      throw notFound(FINANCE_MESSAGES.noFile);
    }
    return file;
  }

  /**
   * A load or a reload, approved: the file must still be in the status it was asked in; it goes to
   * FILTER and loads in the background. On a reload the old records stay until the load commits
   * its own in their place.
   */
  const loadKind = (type: 'LOAD_FILE' | 'RELOAD_FILE', from: ReconFileRow['status'], refusal: string) =>
    approvals.registerKind(type, {
      payloadSchema: FILE_ACTION_PAYLOAD,
      apply: async (tx, request, reviewer) => {
        const action = await actions.actionOf(tx, request);
        const file = await lockedFile(tx, action.file_id);
        if (file.status !== from) {
          throw conflict(refusal);
        }
        await loads.startLoad(tx, action.action_id, file.file_id, reviewer);
      },
      rejected: actions.rejected,
    });

  const kinds: Record<FileActionType, ApprovalKind<FileActionPayload>> = {
    LOAD_FILE: loadKind('LOAD_FILE', 'REGISTERED', FINANCE_MESSAGES.notRegistered),
    RELOAD_FILE: loadKind('RELOAD_FILE', 'ERROR', FINANCE_MESSAGES.notInError),
    ROLLBACK_FILE: approvals.registerKind('ROLLBACK_FILE', {
      payloadSchema: FILE_ACTION_PAYLOAD,
      apply: async (tx, request, reviewer) => {
        const action = await actions.actionOf(tx, request);
        const file = await lockedFile(tx, action.file_id);
        if (file.status !== 'LOADED' && file.status !== 'ERROR') {
          throw conflict(FINANCE_MESSAGES.notLoaded);
        }
        const process = await processes.definition(tx, file.process_id);
        const keys = await records.deleteRecordsOf(tx, file.file_id);
        await matching.rematch(tx, file.process_id, process.parties.length, keys, clock.now());
        // The file leaves the inbox with its records and exceptions; the action and audit keep its name.
        await repository.deleteFile(tx, file.file_id);
        await actions.finish(tx, action, 'SUCCESS', reviewer.username);
      },
      rejected: actions.rejected,
    }),
  };

  return {
    kinds,

    /** Keeps the file once per process and asks for a LOAD_FILE approval for each. */
    upload: async (actor: Actor, input: UploadInput) => {
      const definitions = await processes.definitionsOf([...new Set(input.processIds)]);
      if (definitions.length !== new Set(input.processIds).size) {
        throw noProcessFound();
      }
      const targets = definitions.map((process) => {
        const party = partyOf(process, input.fileName);
        if (party === undefined) {
          throw badRequest(FINANCE_MESSAGES.noPartyMatch(process.displayName));
        }
        return { process, party };
      });
      // Every process reads its files as UTF-8: other bytes would load as something else.
      const { content } = input;
      if (content.notUtf8At !== undefined) {
        throw badRequest(NOT_UTF8_MESSAGE(content.notUtf8At));
      }
      // Checked for every process first, so a duplicate refuses the whole upload; a race between two
      // uploads is decided in each process's transaction (the name's lock, the bytes' unique index).
      // A name stays one file's: the inbox, its approvals and its exceptions tell files apart by it.
      if (await repository.hasFileNamed(db, input.processIds, input.fileName)) {
        throw conflict(FINANCE_MESSAGES.nameInInbox(input.fileName));
      }
      if (await repository.hasFile(db, input.processIds, content.sha256)) {
        throw conflict(FINANCE_MESSAGES.alreadyLoaded);
      }
      const files: Array<{ id: number; fileName: string; actionId: string }> = [];
      for (const { process, party } of targets) {
        await kinds.LOAD_FILE.submit(
          actor,
          {
            scope: String(process.id),
            payload: { processId: process.id, fileName: input.fileName },
            comment: input.comment,
          },
          async (tx, submitted) => {
            await repository.lockFileName(tx, process.id, input.fileName);
            if (await repository.hasFileNamed(tx, [process.id], input.fileName)) {
              throw conflict(FINANCE_MESSAGES.nameInInbox(input.fileName));
            }
            let fileId: number;
            try {
              fileId = await repository.insertFile(tx, {
                processId: process.id,
                partyId: party.id,
                fileName: input.fileName,
                sha256: content.sha256,
                sizeBytes: content.size,
                recordsTotal: content.recordsTotal,
                createdAt: submitted.requestedAt,
              });
              await repository.insertChunks(tx, fileId, content.chunks());
            } catch (error) {
              throw isUniqueViolation(error) ? conflict(FINANCE_MESSAGES.alreadyLoaded) : error;
            }
            await actions.register(
              tx,
              entryOf(submitted),
              'LOAD_FILE',
              { fileId, records: null },
              actor,
              input.comment,
            );
            files.push({ id: fileId, fileName: input.fileName, actionId: submitted.id });
          },
        );
      }
      return { files };
    },

    listFiles: async (query: PageQuery & { processIds?: number[] | undefined }) => {
      const { rows, total } = await repository.listFiles(db, { ...query, processIds: query.processIds });
      const reconFiles = rows.map((row) => ({ ...toReconFile(row), pendingAction: row.pending_action }));
      return { reconFiles, paginationInfo: paginationInfoOf(query, total, reconFiles.length) };
    },

    /** The file a file action is about, for its approver; undefined once the file is gone. */
    actionFile: async (fileId: number): Promise<ActionFile | undefined> => {
      const row = await repository.findFileWithParty(db, fileId);
      return row === undefined
        ? undefined
        : { ...toReconFile(row), sizeBytes: Number(row.size_bytes), recordsTotal: row.records_total };
    },

    /** Asks for a rollback or reload of a file; the approval makes it happen. */
    requestFileAction: async (
      actor: Actor,
      type: 'ROLLBACK_FILE' | 'RELOAD_FILE',
      fileId: number,
      comment: string,
    ) => {
      const file = await repository.findFile(db, fileId);
      if (file === undefined) {
        throw notFound(FINANCE_MESSAGES.noFile);
      }
      if (type === 'ROLLBACK_FILE' && file.status !== 'LOADED' && file.status !== 'ERROR') {
        throw conflict(FINANCE_MESSAGES.notLoaded);
      }
      if (type === 'RELOAD_FILE' && file.status !== 'ERROR') {
        throw conflict(FINANCE_MESSAGES.notInError);
      }
      const request = await kinds[type].submit(
        actor,
        {
          scope: String(file.process_id),
          payload: { processId: file.process_id, fileName: file.file_name },
          comment,
        },
        async (tx, submitted) => {
          await lockedFile(tx, fileId);
          if (await actionRows.hasPendingFileAction(tx, fileId)) {
            throw conflict(FINANCE_MESSAGES.actionPending);
          }
          await actions.register(
            tx,
            entryOf(submitted),
            type,
            { fileId, records: file.records },
            actor,
            comment,
          );
        },
      );
      return { actionId: request.id };
    },

    /** A page of the recon transactions a file action's file touches (none before it is loaded). */
    fileTransactions: async (processId: number, fileId: number | null, page: PageQuery) => {
      const {
        rows,
        records: all,
        total,
      } = fileId === null
        ? { rows: [], records: [], total: 0 }
        : await actionRows.transactionsOfFile(db, {
            processId,
            fileId,
            offset: page.offset,
            limit: page.limit,
          });
      const transactions: ReconTransaction[] = rows.map((row) => {
        const seen = new Set<number>();
        const own: ReconRecord[] = all
          .filter((record) => record.match_key === row.match_key)
          .map((record) => {
            const type = seen.has(record.party_id) ? 'DISCARD' : 'PRIMARY';
            seen.add(record.party_id);
            return { type, partyId: record.party_id, fields: record.fields };
          });
        return {
          id: String(row.transaction_id),
          createdDateTime: row.created_at.toISOString(),
          matchStatus: row.match_status,
          settlementStatus: row.settlement_status,
          score: row.score,
          records: own,
        };
      });
      return { transactions, paginationInfo: paginationInfoOf(page, total, transactions.length) };
    },

    /**
     * Loads a feed's file through the same path an approved upload takes, in one transaction,
     * recorded as a LOAD_FILE action by the system (REGISTERED, then SUCCESS or ERROR). A file
     * already in the inbox (same name, or same bytes holding records) is left alone: feeds deliver again.
     */
    loadFeedFile: async (file: FeedFile): Promise<AuditStatus | 'ALREADY_LOADED'> => {
      const process = await processes.definition(db, file.processId);
      const party = partyOf(process, file.fileName);
      if (party === undefined) {
        throw badRequest(FINANCE_MESSAGES.noPartyMatch(process.displayName));
      }
      const content = contentOf(file.content);
      const { sha256 } = content;
      const fileId = await db.transaction().execute(async (tx) => {
        await repository.lockFileName(tx, file.processId, file.fileName);
        if (
          (await repository.hasFileNamed(tx, [file.processId], file.fileName)) ||
          (await repository.hasFile(tx, [file.processId], sha256))
        ) {
          return undefined;
        }
        const inserted = await repository.insertFile(tx, {
          processId: file.processId,
          partyId: party.id,
          fileName: file.fileName,
          sha256,
          sizeBytes: content.size,
          recordsTotal: content.recordsTotal,
          createdAt: file.arrivedAt,
          status: 'FILTER',
        });
        await repository.insertChunks(tx, inserted, content.chunks());
        const entry = {
          id: randomUUID(),
          processId: file.processId,
          fileName: file.fileName,
          requestedAt: clock.now(),
        };
        await actions.register(
          tx,
          entry,
          'LOAD_FILE',
          { fileId: inserted, records: null },
          SYSTEM_ACTOR,
          'Feed file',
        );
        await actionRows.markReviewed(tx, entry.id, {
          reviewer: SYSTEM_ACTOR.username,
          at: entry.requestedAt,
        });
        return inserted;
      });
      if (fileId === undefined) {
        return 'ALREADY_LOADED';
      }
      // Undefined only if another run loaded it first; the file is loaded either way.
      return (await loads.loadFile(fileId)) ?? 'SUCCESS';
    },

    hasAnyFile: async (): Promise<boolean> => {
      return repository.hasAnyFile(db);
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
