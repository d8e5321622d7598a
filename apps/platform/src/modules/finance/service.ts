import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import {
  paginationInfoOf,
  type Action,
  type ActionType,
  type Audit,
  type AuditStatus,
  type PageQuery,
  type ProcessDefinition,
  type ReconFile,
  type ReconRecord,
  type ReconTransaction,
  type Snapshot,
} from '@web-control/contract/finance';
import {
  allowedActionsOf,
  csvCell,
  inertCsvValue,
  DOWNLOAD_FIXED_COLUMNS,
  SELECTION_TYPES,
  TRANSACTION_ACTION_TYPES,
  type ReconQuery,
  type ReconSelection,
  type TransactionAction,
  type TransactionKey,
} from '@web-control/contract/finance-results';
import { EXTRACT_KINDS, EXTRACT_PATH_PATTERN } from '@web-control/contract/finance-settlements';
import type { Clock } from '../../clock.ts';
import type { Database, Db, DbExecutor } from '../../db/schema.ts';
import { ERROR_CODES } from '@web-control/contract/errors';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../errors.ts';
import { nonUtf8Offset, NOT_UTF8_MESSAGE } from '../../utf8.ts';
import { createApprovalsEngine, type ApprovalKind, type ApprovalRequest } from '../approvals/service.ts';
import { SYSTEM_ACTOR, type Actor } from '../audit/audited-change.ts';
import type { AuditService } from '../audit/service.ts';
import { FINANCE_REASON_MAX_BYTES, storableText } from './file-limits.ts';
import { parsePartyFile } from './loader.ts';
import { createFinanceRepository, type FileSummary, type ProcessDefinitionRow } from './repository.ts';
import {
  createOutboxRepository,
  createSettlementsRepository,
  MINOR_UNITS,
} from './settlements-repository.ts';
import {
  createResultsRepository,
  type ProcessFields,
  type RecordOfRow,
  type ResultRowWithRecords,
} from './results-repository.ts';
import type { ReconActionRow } from './table.ts';

/**
 * Loads of one approval that may start: one whose instance dies each time (e.g. out of memory)
 * ends in ERROR at the next try instead of being resumed for good.
 */
export const FINANCE_LOAD_MAX_ATTEMPTS = 3;

export const FINANCE_MESSAGES = {
  noProcess: 'No process found',
  noFile: 'This file does not exist.',
  noAction: 'This action does not exist.',
  noMatch:
    "The uploaded file didn't match any configured processes. Please make sure the file is named correctly.",
  noPartyMatch: (process: string) => `The file name does not match any party of ${process}.`,
  alreadyLoaded: 'This file has already been uploaded to this process.',
  tooLarge: (maxBytes: number) => `The file is larger than the limit of ${maxBytes} bytes.`,
  notLoaded: 'Only a file that is LOADED or in ERROR can be rolled back.',
  notInError: 'Only a file in ERROR can be reloaded.',
  notRegistered: 'This file is no longer waiting to be loaded.',
  actionPending: 'An action on this file is already waiting for approval.',
  noFileBody: 'Please send the file itself as the request body (any content type but JSON).',
  unknownParty: 'Please choose a party of this process as the correct one.',
  noTransactions: (count: number) =>
    count === 1
      ? 'One of the selected transactions does not exist in this process (or its date differs).'
      : `${count} of the selected transactions do not exist in this process (or their dates differ).`,
  notAllowed: (action: TransactionAction, count: number) =>
    `${count} of the selected transactions cannot be ${PAST_TENSE[action]} in their current status.`,
  noneAllowed: (action: TransactionAction) =>
    `None of the filtered transactions can be ${PAST_TENSE[action]} in their current status.`,
  setChanged:
    'The transactions of this action have changed since it was requested. Reject it and request the action again.',
  tokenInvalid: 'This download link is not valid or has expired. Please start the download again.',
  noExtract: 'This extract does not exist.',
  loadFailed: (reason: string) => `The file could not be loaded: ${reason}`,
  loadNeverFinished: `The file's load did not finish in ${FINANCE_LOAD_MAX_ATTEMPTS} attempts.`,
} as const;

/**
 * An approved load still in FILTER after this long never committed (its instance died or the
 * load failed): the resume job loads it again. Longer than any load takes, so a load in progress
 * on another instance is left alone.
 */
export const LOAD_RESUME_AFTER_MS = 2 * 60_000;

/** The catalogue's code for a process that does not exist, which the console answers with its modal. */
function noProcessFound(): AppError {
  return new AppError(404, ERROR_CODES.noProcessFound, FINANCE_MESSAGES.noProcess);
}

/** The job that loads again the files whose approved load never committed. */
export const FILE_LOAD_RESUME_JOB = 'file-load-resume';

const PAST_TENSE: Record<TransactionAction, string> = {
  accept: 'accepted',
  reject: 'rejected',
  resolve: 'resolved',
};

const TRANSACTION_ACTION_PAYLOAD = z.object({ processId: z.number().int() });
type TransactionActionPayload = z.infer<typeof TRANSACTION_ACTION_PAYLOAD>;
type TransactionActionType = (typeof TRANSACTION_ACTION_TYPES)[TransactionAction];

/** A transaction action as the routes hand it over: the selected keys or the query that selects. */
export type TransactionActionRequest = {
  comment: string;
  partyId?: number | undefined;
  requestUrl: string;
} & ({ selection: 'key'; keys: TransactionKey[] } | { selection: 'filter'; query: ReconSelection });

/** A file's refused rows as CSV: line, reason, row (each cell made inert for spreadsheets). */
function exceptionsCsv(exceptions: ReadonlyArray<{ line: number; reason: string; raw: string }>): Buffer {
  const quote = (value: string) => `"${inertCsvValue(value).replaceAll('"', '""')}"`;
  const lines = [
    'line,reason,row',
    ...exceptions.map((row) => `${row.line},${quote(row.reason)},${quote(row.raw)}`),
  ];
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

function extractIdOf(path: string): number {
  return Number(EXTRACT_PATH_PATTERN.exec(path)?.[1] ?? 0);
}

/** Rows fetched from the download's cursor at a time. */
const DOWNLOAD_BATCH = 1000;

/** A download token lives this long and opens one download. */
export const DOWNLOAD_TOKEN_TTL_MS = 60_000;

const FILE_ACTION_PAYLOAD = z.object({ processId: z.number().int(), fileName: z.string() });
type FileActionPayload = z.infer<typeof FILE_ACTION_PAYLOAD>;

type FileActionType = 'LOAD_FILE' | 'ROLLBACK_FILE' | 'RELOAD_FILE';

function isFileAction(type: ActionType): type is FileActionType {
  return type === 'LOAD_FILE' || type === 'ROLLBACK_FILE' || type === 'RELOAD_FILE';
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function toDefinition(row: ProcessDefinitionRow): ProcessDefinition {
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    parties: Object.fromEntries(row.parties.map((party) => [String(party.id), party.name])),
    fields: row.fields,
  };
}

function partyOf(process: ProcessDefinitionRow, fileName: string) {
  return process.parties.find((party) => new RegExp(party.filePattern).test(fileName));
}

export interface UploadInput {
  fileName: string;
  comment: string;
  processIds: number[];
  content: Buffer;
  sha256: string;
}

/** A file a party's feed delivered: it loads at once, as the system, without an approval. */
export interface FeedFile {
  processId: number;
  fileName: string;
  content: Buffer;
  /** When the feed delivered it: the inbox's date. */
  arrivedAt: Date;
}

export interface FinanceServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  /** The user's permissions now; undefined when the user is gone or disabled (download tokens). */
  permissionsOfUser: (userId: string) => Promise<readonly string[] | undefined>;
  log?: { error(object: object, message: string): void };
}

export function createFinanceService(deps: FinanceServiceDeps) {
  const { db, clock } = deps;
  const repository = createFinanceRepository();
  const results = createResultsRepository();
  const outbox = createOutboxRepository();
  const settlementRuns = createSettlementsRepository();
  const approvals = createApprovalsEngine(deps);

  async function definition(executor: DbExecutor, processId: number): Promise<ProcessDefinitionRow> {
    const [row] = await repository.definitionsOf(executor, [processId]);
    if (row === undefined) {
      throw noProcessFound();
    }
    return row;
  }

  async function actionOf<P>(tx: DbExecutor, request: ApprovalRequest<P>): Promise<ReconActionRow> {
    const action = await repository.findAction(tx, request.id);
    if (action === undefined) {
      throw notFound(FINANCE_MESSAGES.noAction);
    }
    return action;
  }

  async function lockedFile(tx: DbExecutor, fileId: number | null): Promise<FileSummary> {
    const file = fileId === null ? undefined : await repository.findFileForUpdate(tx, fileId);
    if (file === undefined) {
      throw notFound(FINANCE_MESSAGES.noFile);
    }
    return file;
  }

  /**
   * Loads a file that is in FILTER: parses it outside any transaction (other sessions see FILTER
   * meanwhile), then in one transaction replaces its records and exceptions, re-matches the keys
   * they touch (the old and the new), sets LOADED or ERROR and closes its action. A failure rolls
   * that transaction back: no half-loaded records.
   * Nothing happens (undefined) when the file is not in FILTER, e.g. another run loaded it.
   */
  async function runLoad(fileId: number): Promise<AuditStatus | undefined> {
    const file = await repository.findFile(db, fileId);
    if (file?.status !== 'FILTER') {
      return undefined;
    }
    const process = await definition(db, file.process_id);
    const parsed = await parsePartyFile(file.content, process, file.party_id);
    return db.transaction().execute(async (tx) => {
      const locked = await repository.findFileForUpdate(tx, fileId);
      if (locked?.status !== 'FILTER') {
        return undefined;
      }
      const oldKeys = await repository.deleteRecordsOf(tx, fileId);
      await repository.deleteExceptions(tx, fileId);
      await repository.insertRecords(
        tx,
        parsed.records.map((record) => ({
          ...record,
          fileId,
          processId: file.process_id,
          partyId: file.party_id,
        })),
      );
      await repository.insertExceptions(tx, fileId, parsed.exceptions);
      const newKeys = new Set(parsed.records.map((record) => record.matchKey));
      // Only an old key the new records lack can have lost every record.
      const mayBeGone = oldKeys.filter((key) => !newKeys.has(key));
      await repository.rematch(
        tx,
        file.process_id,
        process.parties.length,
        [...new Set([...oldKeys, ...newKeys])],
        clock.now(),
        mayBeGone,
      );
      const failed = parsed.exceptions.length > 0;
      if (failed) {
        // The refused rows go to the outbox too, where the parties' teams collect them.
        const party = process.parties.find((item) => item.id === file.party_id);
        await outbox.insertExtract(tx, {
          processId: file.process_id,
          fileName: `${file.file_name}.exceptions.csv`,
          createdAt: clock.now(),
          content: exceptionsCsv(parsed.exceptions),
          dedupeKey: `exceptions:${file.file_id}:${clock.now().getTime()}`,
          tags: [
            ['kind', EXTRACT_KINDS.exceptions],
            ['process', process.name],
            ['party', party?.name ?? String(file.party_id)],
            ['date', file.created_at.toISOString().slice(0, 10)],
          ],
        });
      }
      await repository.setFileOutcome(tx, fileId, {
        status: failed ? 'ERROR' : 'LOADED',
        records: parsed.records.length,
        exceptions: parsed.exceptions.length,
        loadedAt: clock.now(),
      });
      const status: AuditStatus = failed ? 'ERROR' : 'SUCCESS';
      const action = await repository.loadingActionOf(tx, fileId);
      if (action !== undefined) {
        await finish(tx, action, status, action.reviewer_username ?? SYSTEM_ACTOR.username);
      }
      return status;
    });
  }

  /** Ends a load that cannot finish: the file in ERROR with the reason, its action closed as ERROR. */
  async function endLoadInError(fileId: number, reason: string): Promise<AuditStatus | undefined> {
    return db.transaction().execute(async (tx) => {
      const locked = await repository.findFileForUpdate(tx, fileId);
      if (locked?.status !== 'FILTER') {
        return undefined;
      }
      await repository.setLoadError(tx, fileId, storableText(reason, FINANCE_REASON_MAX_BYTES));
      const action = await repository.loadingActionOf(tx, fileId);
      if (action !== undefined) {
        await finish(tx, action, 'ERROR', action.reviewer_username ?? SYSTEM_ACTOR.username);
      }
      return 'ERROR';
    });
  }

  /**
   * One load of a file in FILTER, counted before it starts. A load that fails ends the file in
   * ERROR with the reason (running it again would only fail again); one that never ended (its
   * instance died) is resumed, until FINANCE_LOAD_MAX_ATTEMPTS have started. Throws only when the
   * outcome cannot be written either (the database is gone): the file stays in FILTER for the
   * resume job.
   */
  async function loadFile(fileId: number): Promise<AuditStatus | undefined> {
    const attempt = await repository.countLoadAttempt(db, fileId);
    if (attempt === undefined) {
      return undefined;
    }
    if (attempt > FINANCE_LOAD_MAX_ATTEMPTS) {
      return endLoadInError(fileId, FINANCE_MESSAGES.loadNeverFinished);
    }
    try {
      return await runLoad(fileId);
    } catch (error) {
      deps.log?.error({ err: error, fileId }, 'Loading a file failed; it ends in ERROR');
      const reason = error instanceof Error ? error.message : String(error);
      return endLoadInError(fileId, FINANCE_MESSAGES.loadFailed(reason));
    }
  }

  /** An approved load's file goes to FILTER with the approval; the load itself follows it. */
  async function startLoad(
    tx: DbExecutor,
    action: ReconActionRow,
    file: FileSummary,
    reviewer: Actor,
  ): Promise<void> {
    await repository.startLoading(tx, file.file_id);
    await repository.markReviewed(tx, action.action_id, { reviewer: reviewer.username, at: clock.now() });
  }

  async function finish(
    tx: DbExecutor,
    action: ReconActionRow,
    status: AuditStatus,
    reviewer: string,
  ): Promise<void> {
    const at = clock.now();
    await repository.decideAction(tx, action.action_id, { status, reviewer, at });
    await repository.insertAudit(tx, {
      actionId: action.action_id,
      processId: action.process_id,
      at,
      username: action.username,
      reviewer,
      type: action.type,
      status,
    });
  }

  async function rejected<P>(tx: Transaction<Database>, request: ApprovalRequest<P>, reviewer: Actor) {
    const action = await actionOf(tx, request);
    await finish(tx, action, 'REJECTED', reviewer.username);
    if (action.type === 'LOAD_FILE' && action.file_id !== null) {
      // A refused upload leaves the inbox, so the same file can be uploaded again.
      await repository.deleteFile(tx, action.file_id);
    }
  }

  const kinds: Record<FileActionType, ApprovalKind<FileActionPayload>> = {
    LOAD_FILE: approvals.registerKind('LOAD_FILE', {
      payloadSchema: FILE_ACTION_PAYLOAD,
      apply: async (tx, request, reviewer) => {
        const action = await actionOf(tx, request);
        const file = await lockedFile(tx, action.file_id);
        if (file.status !== 'REGISTERED') {
          throw conflict(FINANCE_MESSAGES.notRegistered);
        }
        await startLoad(tx, action, file, reviewer);
      },
      rejected,
    }),
    RELOAD_FILE: approvals.registerKind('RELOAD_FILE', {
      payloadSchema: FILE_ACTION_PAYLOAD,
      apply: async (tx, request, reviewer) => {
        const action = await actionOf(tx, request);
        const file = await lockedFile(tx, action.file_id);
        if (file.status !== 'ERROR') {
          throw conflict(FINANCE_MESSAGES.notInError);
        }
        // The old records stay until the reload commits its own in their place.
        await startLoad(tx, action, file, reviewer);
      },
      rejected,
    }),
    ROLLBACK_FILE: approvals.registerKind('ROLLBACK_FILE', {
      payloadSchema: FILE_ACTION_PAYLOAD,
      apply: async (tx, request, reviewer) => {
        const action = await actionOf(tx, request);
        const file = await lockedFile(tx, action.file_id);
        if (file.status !== 'LOADED' && file.status !== 'ERROR') {
          throw conflict(FINANCE_MESSAGES.notLoaded);
        }
        const process = await definition(tx, file.process_id);
        const keys = await repository.deleteRecordsOf(tx, file.file_id);
        await repository.rematch(tx, file.process_id, process.parties.length, keys, clock.now());
        // The file leaves the inbox with its records and exceptions; the action and audit keep its name.
        await repository.deleteFile(tx, file.file_id);
        await finish(tx, action, 'SUCCESS', reviewer.username);
      },
      rejected,
    }),
  };

  /** Accept, reject and resolve: applied to the set fixed when they were requested, or refused. */
  const transactionKinds: Record<TransactionActionType, ApprovalKind<TransactionActionPayload>> = {
    ACCEPT_TRANSACTIONS: registerTransactionKind('accept'),
    REJECT_TRANSACTIONS: registerTransactionKind('reject'),
    RESOLVE_TRANSACTIONS: registerTransactionKind('resolve'),
  };

  function registerTransactionKind(action: TransactionAction) {
    return approvals.registerKind(TRANSACTION_ACTION_TYPES[action], {
      payloadSchema: TRANSACTION_ACTION_PAYLOAD,
      apply: async (tx, request, reviewer) => {
        const row = await actionOf(tx, request);
        const { total, allowed } = await results.lockActionSet(tx, row.action_id, action);
        // Exactly the set that was asked for, or nothing: a re-match, a file rollback or another
        // action since the request changes what the approver would be approving.
        if (total !== row.transaction_count || allowed !== total) {
          throw conflict(FINANCE_MESSAGES.setChanged);
        }
        await results.applyAction(tx, row.action_id, action, row.party_id);
        await finish(tx, row, 'SUCCESS', reviewer.username);
      },
      rejected,
    });
  }

  function entryOf(request: ApprovalRequest<FileActionPayload>) {
    return { id: request.id, requestedAt: request.requestedAt, ...request.payload };
  }

  /** Records a requested action and its REGISTERED audit entry. */
  async function register(
    tx: DbExecutor,
    entry: { id: string; processId: number; fileName: string; requestedAt: Date },
    type: ActionType,
    file: { fileId: number; records: number | null },
    actor: Actor,
    comment: string,
  ): Promise<void> {
    await repository.insertAction(tx, {
      actionId: entry.id,
      processId: entry.processId,
      type,
      fileId: file.fileId,
      fileName: entry.fileName,
      records: file.records,
      username: actor.username,
      comment,
      createdAt: entry.requestedAt,
    });
    await repository.insertAudit(tx, {
      actionId: entry.id,
      processId: entry.processId,
      at: entry.requestedAt,
      username: actor.username,
      reviewer: null,
      type,
      status: 'REGISTERED',
    });
  }

  function toAction(row: ReconActionRow & { process_name: string }): Action {
    return {
      id: row.action_id,
      processId: row.process_id,
      processName: row.process_name,
      type: row.type,
      username: row.username,
      comment: row.comment,
      createdDate: row.created_at.toISOString(),
      meta: {
        selectionType: row.selection_type,
        requestUrl: row.request_url,
        records: row.records,
        transactionCount: row.transaction_count,
        fileName: row.file_name,
      },
    };
  }

  async function kindOfAction(
    actionId: string,
  ): Promise<ApprovalKind<FileActionPayload> | ApprovalKind<TransactionActionPayload>> {
    const action = await repository.findAction(db, actionId);
    if (action === undefined) {
      throw notFound(FINANCE_MESSAGES.noAction);
    }
    return isFileAction(action.type) ? kinds[action.type] : transactionKinds[action.type];
  }

  function toTransaction(row: ResultRowWithRecords): ReconTransaction {
    const list = typeof row.records === 'string' ? (JSON.parse(row.records) as RecordOfRow[]) : row.records;
    const seen = new Set<number>();
    return {
      id: String(row.transaction_id),
      createdDateTime: new Date(row.created_at).toISOString(),
      matchStatus: row.match_status,
      settlementStatus: row.settlement_status,
      score: row.score,
      records: list.map((record) => {
        const type = seen.has(record.partyId) ? 'DISCARD' : 'PRIMARY';
        seen.add(record.partyId);
        return { type, partyId: record.partyId, fields: record.fields };
      }),
    };
  }

  /** Today's settlement value: the totals of today's run, open or closed. */
  async function todaysSettlement(processId: number, since: Date, end: Date) {
    const run = await settlementRuns.runOfDay(db, processId, since.toISOString().slice(0, 10));
    if (run === undefined) {
      return { startDate: since.toISOString(), endDate: end.toISOString(), stats: [] };
    }
    const { totals } = await settlementRuns.computeAggregates(db, run.run_id);
    return {
      startDate: new Date(run.start_date).toISOString(),
      endDate: (run.end_date === null ? end : new Date(run.end_date)).toISOString(),
      stats: totals.map((row) => ({
        statName: `Total ${row.currency}`,
        amount: Number(row.amount) / MINOR_UNITS,
      })),
    };
  }

  function fieldsOf(process: ProcessDefinitionRow): ProcessFields {
    return { processId: process.id, fields: process.fields };
  }

  /** Registers a transaction action with its fixed set, in the submission's transaction. */
  async function requestTransactionAction(
    actor: Actor,
    processId: number,
    action: TransactionAction,
    request: TransactionActionRequest,
  ): Promise<{ actionId: string; transactionCount: number }> {
    const process = await definition(db, processId);
    const partyId = action === 'resolve' ? (request.partyId ?? null) : null;
    if (action === 'resolve' && !process.parties.some((party) => party.id === partyId)) {
      throw badRequest(FINANCE_MESSAGES.unknownParty, 'partyId');
    }
    const type = TRANSACTION_ACTION_TYPES[action];
    let transactionCount = 0;
    const submitted = await transactionKinds[type].submit(
      actor,
      { scope: String(processId), payload: { processId }, comment: request.comment },
      async (tx, entry) => {
        await repository.insertAction(tx, {
          actionId: entry.id,
          processId,
          type,
          fileId: null,
          fileName: null,
          records: null,
          username: actor.username,
          comment: request.comment,
          createdAt: entry.requestedAt,
        });
        if (request.selection === 'key') {
          const ids = [...new Set(request.keys.map((key) => key.id))];
          const rows = await results.findForUpdate(tx, processId, ids);
          const known = new Map(rows.map((row) => [String(row.transaction_id), row]));
          const missing = request.keys.filter(
            (key) => known.get(key.id)?.created_at.getTime() !== Date.parse(key.createdDateTime),
          );
          if (missing.length > 0) {
            throw notFound(FINANCE_MESSAGES.noTransactions(missing.length));
          }
          const refused = rows.filter(
            (row) =>
              !allowedActionsOf({
                matchStatus: row.match_status,
                settlementStatus: row.settlement_status,
                score: row.score,
              }).includes(action),
          );
          if (refused.length > 0) {
            throw conflict(FINANCE_MESSAGES.notAllowed(action, refused.length), {
              transactionIds: refused.map((row) => String(row.transaction_id)),
            });
          }
          await results.insertActionSet(tx, entry.id, ids);
          transactionCount = ids.length;
        } else {
          transactionCount = await results.fixSelection(
            tx,
            entry.id,
            fieldsOf(process),
            request.query,
            action,
          );
          if (transactionCount === 0) {
            throw conflict(FINANCE_MESSAGES.noneAllowed(action));
          }
        }
        await repository.setActionSelection(tx, entry.id, {
          selectionType: request.selection === 'key' ? SELECTION_TYPES.byKey : SELECTION_TYPES.byFilter,
          requestUrl: request.requestUrl,
          transactionCount,
          partyId,
        });
        await repository.insertAudit(tx, {
          actionId: entry.id,
          processId,
          at: entry.requestedAt,
          username: actor.username,
          reviewer: null,
          type,
          status: 'REGISTERED',
        });
      },
    );
    return { actionId: submitted.id, transactionCount };
  }

  return {
    async listProcesses(page: PageQuery) {
      const { ids, total } = await repository.listProcessIds(db, page);
      const definitions = await repository.definitionsOf(db, ids);
      const counts = await repository.pillCounts(db, ids, startOfUtcDay(clock.now()));
      const processes = definitions.map((row) => {
        const count = counts.find((item) => item.processId === row.id);
        return {
          ...toDefinition(row),
          pendingApprovals: count?.pending ?? 0,
          uploadErrors: count?.errors ?? 0,
          reconExceptions: count?.issues ?? 0,
          missingFiles: Math.max(0, row.parties.length - (count?.arrived ?? 0)),
        };
      });
      return { processes, paginationInfo: paginationInfoOf(page, total, processes.length) };
    },

    async getProcess(processId: number): Promise<ProcessDefinition> {
      return toDefinition(await definition(db, processId));
    },

    /** The recon results: a page of the query, each transaction with every party's records. */
    async results(processId: number, query: ReconQuery) {
      const process = await definition(db, processId);
      const { rows, total } = await results.page(db, fieldsOf(process), query, query);
      const transactions = rows.map(toTransaction);
      return { transactions, paginationInfo: paginationInfoOf(query, total, transactions.length) };
    },

    requestTransactionAction,

    /**
     * Streams every transaction of a selection as CSV through `write` (which waits while the
     * client is slow): a server-side cursor read 1000 rows at a time in one read-only transaction,
     * so memory stays flat whatever the size, and the rows are one consistent snapshot.
     */
    async downloadResults(
      processId: number,
      selection: ReconSelection,
    ): Promise<{ fileName: string; writeTo: (write: (chunk: string) => Promise<void>) => Promise<void> }> {
      const process = await definition(db, processId);
      const header = [
        ...DOWNLOAD_FIXED_COLUMNS,
        ...process.parties.flatMap((party) => process.fields.map((field) => `${party.name} ${field.name}`)),
      ];
      // Built (and so checked) before the first byte is sent: a bad filter is still a 400.
      const query = results.selectionSql(fieldsOf(process), selection);
      const writeTo = async (write: (chunk: string) => Promise<void>) => {
        await write(`${header.map(csvCell).join(',')}\r\n`);
        await db.transaction().execute(async (tx) => {
          await sql`declare results_download no scroll cursor for ${query}`.execute(tx);
          for (;;) {
            const batch =
              await sql<ResultRowWithRecords>`fetch ${sql.raw(String(DOWNLOAD_BATCH))} from results_download`.execute(
                tx,
              );
            if (batch.rows.length === 0) break;
            const lines = batch.rows.map((row) => {
              const transaction = toTransaction(row);
              const cells = [
                transaction.id,
                transaction.createdDateTime,
                transaction.matchStatus,
                transaction.settlementStatus,
                String(transaction.score),
                ...process.parties.flatMap((party) => {
                  const record = transaction.records.find(
                    (item) => item.partyId === party.id && item.type === 'PRIMARY',
                  );
                  return process.fields.map((field) => record?.fields[field.name] ?? '');
                }),
              ];
              return `${cells.map(csvCell).join(',')}\r\n`;
            });
            await write(lines.join(''));
          }
          await sql`close results_download`.execute(tx);
        });
      };
      return { fileName: `${process.name}-transactions.csv`, writeTo };
    },

    async snapshot(processId: number): Promise<Snapshot> {
      const process = await definition(db, processId);
      const since = startOfUtcDay(clock.now());
      const sources = await repository.fileSources(db, processId, since);
      const stats = await repository.reconStats(db, processId, since);
      const [count] = await repository.pillCounts(db, [processId], since);
      const end = new Date(since.getTime() + 24 * 60 * 60 * 1000 - 1);
      return {
        fileSources: process.parties.map((party) => {
          const source = sources.find((item) => item.party_id === party.id);
          const last = source?.last_upload;
          return {
            displayName: party.name,
            lastUploadDt: last === undefined ? null : new Date(last).toISOString(),
            successRecords: Number(source?.records ?? 0),
            errorRecords: Number(source?.exceptions ?? 0),
          };
        }),
        reconStats: { ...stats, since: since.toISOString() },
        settlementStats: await todaysSettlement(processId, since, end),
        actionStats: { totalPending: count?.pending ?? 0 },
      };
    },

    /** The processes whose parties' patterns match a file name. */
    async uploadCandidates(fileName: string): Promise<Array<{ id: number }>> {
      const definitions = await repository.definitionsOf(db, await repository.allProcessIds(db));
      return definitions
        .filter((process) => partyOf(process, fileName) !== undefined)
        .map(({ id }) => ({ id }));
    },

    /** Keeps the file once per process and asks for a LOAD_FILE approval for each. */
    async upload(actor: Actor, input: UploadInput) {
      const definitions = await repository.definitionsOf(db, [...new Set(input.processIds)]);
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
      const notUtf8 = nonUtf8Offset(input.content);
      if (notUtf8 !== undefined) {
        throw badRequest(NOT_UTF8_MESSAGE(notUtf8));
      }
      // Checked for every process first, so a duplicate refuses the whole upload; the unique
      // index still decides a race between two uploads of the same file.
      if (await repository.hasFile(db, input.processIds, input.sha256)) {
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
            let fileId: number;
            try {
              fileId = await repository.insertFile(tx, {
                processId: process.id,
                partyId: party.id,
                fileName: input.fileName,
                sha256: input.sha256,
                content: input.content,
                createdAt: submitted.requestedAt,
              });
            } catch (error) {
              throw isUniqueViolation(error) ? conflict(FINANCE_MESSAGES.alreadyLoaded) : error;
            }
            await register(
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

    async listFiles(query: PageQuery & { processIds?: number[] | undefined }) {
      const { rows, total } = await repository.listFiles(db, { ...query, processIds: query.processIds });
      const reconFiles: ReconFile[] = rows.map((row) => ({
        id: row.file_id,
        processId: row.process_id,
        fileName: row.file_name,
        partyName: row.party_name,
        createdDateTime: row.created_at.toISOString(),
        status: row.status,
        records: row.records,
        exceptions: row.exceptions,
        errorReason: row.load_error,
      }));
      return { reconFiles, paginationInfo: paginationInfoOf(query, total, reconFiles.length) };
    },

    /** Asks for a rollback or reload of a file; the approval makes it happen. */
    async requestFileAction(
      actor: Actor,
      type: 'ROLLBACK_FILE' | 'RELOAD_FILE',
      fileId: number,
      comment: string,
    ) {
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
          if (await repository.hasPendingFileAction(tx, fileId)) {
            throw conflict(FINANCE_MESSAGES.actionPending);
          }
          await register(tx, entryOf(submitted), type, { fileId, records: file.records }, actor, comment);
        },
      );
      return { actionId: request.id };
    },

    async listActions(
      query: PageQuery & { status: 'pending' | 'approved' | 'rejected'; processIds?: number[] | undefined },
    ) {
      const { rows, total } = await repository.listActions(db, {
        offset: query.offset,
        limit: query.limit,
        state: query.status,
        processIds: query.processIds,
      });
      const actions = rows.map(toAction);
      return { actions, paginationInfo: paginationInfoOf(query, total, actions.length) };
    },

    async actionMetadata(processId: number, actionId: string) {
      const row = await repository.findAction(db, actionId);
      if (row?.process_id !== processId) {
        throw notFound(FINANCE_MESSAGES.noAction);
      }
      const process = await definition(db, processId);
      const action = toAction({ ...row, process_name: process.displayName });
      return { ...action.meta, action };
    },

    /** The recon transactions an action's file touches (none before a LOAD_FILE is approved). */
    async actionTransactions(processId: number, actionId: string, page: PageQuery) {
      const action = await repository.findAction(db, actionId);
      if (action?.process_id !== processId) {
        throw notFound(FINANCE_MESSAGES.noAction);
      }
      if (!isFileAction(action.type)) {
        const set = await results.actionSetPage(db, actionId, page);
        const list = set.rows.map(toTransaction);
        return { transactions: list, paginationInfo: paginationInfoOf(page, set.total, list.length) };
      }
      const { rows, records, total } =
        action.file_id === null
          ? { rows: [], records: [], total: 0 }
          : await repository.transactionsOfFile(db, {
              processId,
              fileId: action.file_id,
              offset: page.offset,
              limit: page.limit,
            });
      const transactions: ReconTransaction[] = rows.map((row) => {
        const seen = new Set<number>();
        const own: ReconRecord[] = records
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
     * Approves or rejects. An approved load or reload has committed with its file in FILTER; the
     * load runs next and is awaited, so the approver's answer comes once the file is LOADED or in
     * ERROR. A load whose outcome cannot be written leaves the file in FILTER for the resume job,
     * and the approval stands.
     */
    async review(actor: Actor, actionId: string, decision: 'approve' | 'reject', comment: string) {
      const kind = await kindOfAction(actionId);
      if (decision === 'reject') {
        await kind.reject(actor, actionId, comment);
        return;
      }
      await kind.approve(actor, actionId, comment);
      const action = await repository.findAction(db, actionId);
      if (action?.file_id != null && (action.type === 'LOAD_FILE' || action.type === 'RELOAD_FILE')) {
        try {
          await loadFile(action.file_id);
        } catch (error) {
          deps.log?.error(
            { err: error, fileId: action.file_id },
            'The outcome of an approved load could not be written; the file stays in FILTER for the resume job',
          );
        }
      }
    },

    /**
     * Loads again the files whose approved load has not committed for LOAD_RESUME_AFTER_MS, each on
     * its own: one that cannot be settled never keeps the others waiting, and fails the run after them.
     */
    async resumeStalledLoads(now: Date): Promise<number> {
      const fileIds = await repository.stalledLoads(db, new Date(now.getTime() - LOAD_RESUME_AFTER_MS));
      const unsettled: number[] = [];
      for (const fileId of fileIds) {
        try {
          await loadFile(fileId);
        } catch (error) {
          unsettled.push(fileId);
          deps.log?.error({ err: error, fileId }, 'Resuming a load failed; the other files go on');
        }
      }
      if (unsettled.length > 0) {
        throw new Error(
          `The loads of files ${unsettled.join(', ')} could not be resumed; the next run tries again`,
        );
      }
      return fileIds.length;
    },

    async listAudits(query: {
      offset: number;
      limit: number;
      fromDateTimeInclusive?: string | undefined;
      toDateTimeInclusive?: string | undefined;
      username?: string | undefined;
      type?: ActionType | undefined;
      status?: AuditStatus | undefined;
    }) {
      const { rows, total } = await repository.listAudits(db, {
        offset: query.offset,
        limit: query.limit,
        from: query.fromDateTimeInclusive === undefined ? undefined : new Date(query.fromDateTimeInclusive),
        to: query.toDateTimeInclusive === undefined ? undefined : new Date(query.toDateTimeInclusive),
        username: query.username,
        type: query.type,
        status: query.status,
      });
      const audits: Audit[] = rows.map((row) => ({
        auditId: Number(row.audit_id),
        actionId: row.action_id,
        auditDate: row.audit_date.toISOString(),
        username: row.username,
        reviewerUsername: row.reviewer_username,
        type: row.type,
        status: row.status,
      }));
      return { audits, paginationInfo: paginationInfoOf(query, total, audits.length) };
    },

    /**
     * Loads a feed's file through the same path an approved upload takes, in one transaction,
     * recorded as a LOAD_FILE action by the system (REGISTERED, then SUCCESS or ERROR). A file
     * already in the inbox (same name or same bytes) is left alone: feeds deliver again.
     */
    async loadFeedFile(file: FeedFile): Promise<AuditStatus | 'ALREADY_LOADED'> {
      const process = await definition(db, file.processId);
      const party = partyOf(process, file.fileName);
      if (party === undefined) {
        throw badRequest(FINANCE_MESSAGES.noPartyMatch(process.displayName));
      }
      const sha256 = createHash('sha256').update(file.content).digest('hex');
      const fileId = await db.transaction().execute(async (tx) => {
        if (
          (await repository.hasFileNamed(tx, file.processId, file.fileName)) ||
          (await repository.hasFile(tx, [file.processId], sha256))
        ) {
          return undefined;
        }
        const inserted = await repository.insertFile(tx, {
          processId: file.processId,
          partyId: party.id,
          fileName: file.fileName,
          sha256,
          content: file.content,
          createdAt: file.arrivedAt,
          status: 'FILTER',
        });
        const entry = {
          id: randomUUID(),
          processId: file.processId,
          fileName: file.fileName,
          requestedAt: clock.now(),
        };
        await register(
          tx,
          entry,
          'LOAD_FILE',
          { fileId: inserted, records: null },
          SYSTEM_ACTOR,
          'Feed file',
        );
        await repository.markReviewed(tx, entry.id, {
          reviewer: SYSTEM_ACTOR.username,
          at: entry.requestedAt,
        });
        return inserted;
      });
      if (fileId === undefined) {
        return 'ALREADY_LOADED';
      }
      // Undefined only if another run loaded it first; the file is loaded either way.
      return (await loadFile(fileId)) ?? 'SUCCESS';
    },

    digestOf(content: Buffer): string {
      return createHash('sha256').update(content).digest('hex');
    },

    async hasAnyFile(): Promise<boolean> {
      return repository.hasAnyFile(db);
    },

    /** Deletes download tokens nobody spent before they expired. */
    async purgeExpiredDownloadTokens(now: Date): Promise<number> {
      return repository.purgeExpiredDownloadTokens(db, now);
    },

    /**
     * A single-use token for one inbox file (DOWNLOAD_INBOX_FILES) or one extract of the outbox
     * (VIEW_PROCESSES, which the route already asks), bound to the user who asked.
     */
    async downloadToken(
      actor: Actor,
      fileIdentifier: number | string,
      permissions: readonly string[],
    ): Promise<{ token: string }> {
      if (actor.userId === null) {
        throw forbidden();
      }
      let target: { fileId: number | null; extractId: number | null };
      if (typeof fileIdentifier === 'number') {
        if (!permissions.includes('DOWNLOAD_INBOX_FILES')) {
          throw forbidden();
        }
        if ((await repository.findFile(db, fileIdentifier)) === undefined) {
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
      await repository.insertDownloadToken(db, {
        tokenHash: createHash('sha256').update(token).digest('hex'),
        userId: actor.userId,
        ...target,
        expiresAt: new Date(clock.now().getTime() + DOWNLOAD_TOKEN_TTL_MS),
      });
      return { token };
    },

    /** Spends a token for this extract: its bytes and name. */
    async downloadExtract(path: string, token: string) {
      const extractId = extractIdOf(path);
      const spent = await repository.spendDownloadToken(
        db,
        createHash('sha256').update(token).digest('hex'),
        clock.now(),
      );
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
    async download(fileId: number, token: string, what: 'file' | 'exceptions') {
      const spent = await repository.spendDownloadToken(
        db,
        createHash('sha256').update(token).digest('hex'),
        clock.now(),
      );
      if (spent?.file_id !== fileId) {
        throw forbidden(FINANCE_MESSAGES.tokenInvalid);
      }
      // The token stands in for its user: they must still hold the permission now.
      const permissions = await deps.permissionsOfUser(spent.user_id);
      if (permissions?.includes('DOWNLOAD_INBOX_FILES') !== true) {
        throw forbidden();
      }
      const file = await repository.findFile(db, fileId);
      if (file === undefined) {
        throw notFound(FINANCE_MESSAGES.noFile);
      }
      if (what === 'file') {
        return { fileName: file.file_name, content: file.content };
      }
      const exceptions = await repository.exceptionsOf(db, fileId);
      return { fileName: `${file.file_name}.exceptions.csv`, content: exceptionsCsv(exceptions) };
    },
  };
}

export type FinanceService = ReturnType<typeof createFinanceService>;
