import type { PageQuery } from '@web-control/contract/finance';
import type { Clock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { createApprovalsEngine } from '../approvals/service.ts';
import type { Actor } from '../audit/audited-change.ts';
import type { AuditService } from '../audit/service.ts';
import { createActionsService } from './actions-service.ts';
import { createDownloadTokensService } from './download-tokens-service.ts';
import { createFileLoadService } from './file-load-service.ts';
import { createFilesService, isFileAction } from './files-service.ts';
import { FINANCE_MESSAGES } from './messages.ts';
import { createProcessService } from './process-service.ts';
import { createResultsService } from './results-service.ts';

export interface FinanceServiceDeps {
  db: Db;
  copyIn: DatabaseHandle['copyIn'];
  copyOut: DatabaseHandle['copyOut'];
  /** Rows a load hands COPY at a time (FINANCE_LOAD_BATCH_ROWS); the default suits files of any size. */
  loadBatchRows?: number;
  /** Where an approved load runs once the approval has answered. */
  background: (what: string, work: () => Promise<unknown>) => void;
  clock: Clock;
  audit: AuditService;
  /** The user's permissions now; undefined when the user is gone or disabled (download tokens). */
  permissionsOfUser: (userId: string) => Promise<readonly string[] | undefined>;
  log?: { error(object: object, message: string): void };
  /** Metrics: a load's records are in flight until the handle it answers is disposed. */
  loadRecords?: (records: number) => Disposable;
}

/**
 * The finance module's rules, one service per seam (processes, files and their loads, results,
 * actions and audits, download tokens) behind one object the routes and jobs call.
 */
export function createFinanceService(deps: FinanceServiceDeps) {
  const { db, clock } = deps;
  const approvals = createApprovalsEngine(deps);
  const processes = createProcessService({ db, clock });
  const actions = createActionsService({ db, clock, processes });
  const loads = createFileLoadService({
    db,
    loadRecords: deps.loadRecords,
    copyIn: deps.copyIn,
    batchRows: deps.loadBatchRows,
    clock,
    processes,
    actions,
    log: deps.log,
  });
  const files = createFilesService({ db, clock, approvals, processes, actions, loads });
  const results = createResultsService({ db, approvals, processes, actions, copyOut: deps.copyOut });
  const downloads = createDownloadTokensService(deps);

  async function kindOfAction(actionId: string) {
    const action = await actions.findAction(actionId);
    if (action === undefined) {
      throw notFound(FINANCE_MESSAGES.noAction);
    }
    return isFileAction(action.type) ? files.kinds[action.type] : results.kinds[action.type];
  }

  return {
    listProcesses: processes.listProcesses,
    getProcess: processes.getProcess,
    snapshot: processes.snapshot,
    uploadCandidates: processes.uploadCandidates,

    upload: files.upload,
    listFiles: files.listFiles,
    requestFileAction: files.requestFileAction,
    loadFeedFile: files.loadFeedFile,
    hasAnyFile: files.hasAnyFile,
    resumeStalledLoads: loads.resumeStalledLoads,

    results: results.results,
    requestTransactionAction: results.requestTransactionAction,
    downloadResults: results.downloadResults,

    listActions: actions.listActions,
    reviewSummaries: actions.reviewSummaries,
    listAudits: actions.listAudits,

    /** What an action is about: the action, its meta and, for a file action, its file. */
    async actionMetadata(processId: number, actionId: string) {
      const { fileId, ...metadata } = await actions.actionMetadata(processId, actionId);
      const file = fileId === null ? undefined : await files.actionFile(fileId);
      return { ...metadata, file: file ?? null };
    },

    purgeExpiredDownloadTokens: downloads.purgeExpiredDownloadTokens,
    downloadToken: downloads.downloadToken,
    downloadExtract: downloads.downloadExtract,
    download: downloads.download,

    /** The recon transactions an action touches: its file's, or the set fixed at its request. */
    async actionTransactions(processId: number, actionId: string, page: PageQuery) {
      const action = await actions.findAction(actionId);
      if (action?.process_id !== processId) {
        throw notFound(FINANCE_MESSAGES.noAction);
      }
      return isFileAction(action.type)
        ? files.fileTransactions(processId, action.file_id, page)
        : results.actionSetTransactions(actionId, page);
    },

    /**
     * Approves or rejects. An approved load or reload has committed with its file in FILTER; the
     * answer comes at once and the load runs in the background, the inbox showing its progress
     * until the file is LOADED or in ERROR. A load whose outcome cannot be written leaves the file
     * in FILTER for the resume job, and the approval stands.
     */
    async review(actor: Actor, actionId: string, decision: 'approve' | 'reject', comment: string) {
      const kind = await kindOfAction(actionId);
      if (decision === 'reject') {
        await kind.reject(actor, actionId, comment);
        return;
      }
      await kind.approve(actor, actionId, comment);
      const action = await actions.findAction(actionId);
      const fileId = action?.file_id;
      if (fileId != null && (action?.type === 'LOAD_FILE' || action?.type === 'RELOAD_FILE')) {
        deps.background(`load of file ${fileId}`, async () => {
          try {
            await loads.loadFile(fileId);
          } catch (error) {
            deps.log?.error(
              { err: error, fileId },
              'The outcome of an approved load could not be written; the file stays in FILTER for the resume job',
            );
          }
        });
      }
    },
  };
}

export type FinanceService = ReturnType<typeof createFinanceService>;
