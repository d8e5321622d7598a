import type { AuditStatus } from '@web-control/contract/finance';
import { EXTRACT_KINDS } from '@web-control/contract/finance-settlements';
import type { Clock } from '../../clock.ts';
import { DEFAULT_FINANCE_LOAD_BATCH_ROWS } from '../../settings.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { SYSTEM_ACTOR, type Actor } from '../audit/audited-change.ts';
import { createActionsRepository } from './actions-repository.ts';
import type { ActionsService } from './actions-service.ts';
import { exceptionsCsvSql } from './exceptions-csv.ts';
import { FINANCE_REASON_MAX_BYTES, storableText } from './file-limits.ts';
import { createFilesRepository } from './files-repository.ts';
import { readPartyFile } from './loader.ts';
import { createLoadRepository, LOAD_ROWS_COPY, loadRowLine, REMATCH_KEY_BATCH } from './load-repository.ts';
import { createMatchingRepository } from './matching-repository.ts';
import { FINANCE_LOAD_MAX_ATTEMPTS, FINANCE_MESSAGES, LOAD_RESUME_AFTER_MS } from './messages.ts';
import { createOutboxRepository } from './outbox-repository.ts';
import type { ProcessDefinitionRow } from './process-repository.ts';
import type { ProcessService } from './process-service.ts';
import type { ReconFileRow } from './table.ts';

export interface FileLoadDeps {
  db: Db;
  copyIn: DatabaseHandle['copyIn'];
  /** Rows a COPY takes at a time, FINANCE_LOAD_BATCH_ROWS (tests stop a load between small batches). */
  batchRows?: number | undefined;
  clock: Clock;
  processes: ProcessService;
  actions: ActionsService;
  log?: { error(object: object, message: string): void } | undefined;
  /** Metrics: a batch's records are in flight until the handle it answers is disposed. */
  loadRecords?: ((records: number) => Disposable) | undefined;
}

/** The load of an approved file: from FILTER to LOADED or ERROR, resumed when it never ended. */
export function createFileLoadService(deps: FileLoadDeps) {
  const { db, clock, processes, actions } = deps;
  const files = createFilesRepository();
  const records = createLoadRepository();
  const matching = createMatchingRepository();
  const actionRows = createActionsRepository();
  const outbox = createOutboxRepository();

  /**
   * Stages an attempt's rows: the stored file streams through the CSV parser and the row checks
   * into recon_load_rows, a batch of rows at a time with COPY, each batch outside any transaction
   * (PGlite serves other requests between them) and followed by the progress. False when another
   * attempt has taken the load over.
   */
  async function stage(file: ReconFileRow, process: ProcessDefinitionRow, attempt: number): Promise<boolean> {
    await records.clearStaged(db, file.file_id);
    let batch: string[] = [];
    let read = 0;
    const flush = async () => {
      if (batch.length > 0) {
        using writing = deps.loadRecords?.(batch.length);
        await deps.copyIn(LOAD_ROWS_COPY, batch.join(''));
        batch = [];
      }
      if (await files.recordProgress(db, file.file_id, { attempt, read, at: clock.now() })) {
        return true;
      }
      await records.clearAttempt(db, file.file_id, attempt);
      return false;
    };
    for await (const rows of readPartyFile(files.chunksOf(db, file.file_id), process, file.party_id)) {
      for (const row of rows) {
        batch.push(loadRowLine(file.file_id, attempt, row));
        read += 1;
        if (batch.length >= (deps.batchRows ?? DEFAULT_FINANCE_LOAD_BATCH_ROWS) && !(await flush())) {
          return false;
        }
      }
    }
    return flush();
  }

  /**
   * Loads a file that is in FILTER for the attempt that claimed it: stages its rows (other
   * sessions see FILTER and the progress meanwhile), then in one transaction replaces its records
   * and exceptions with them, re-matches the keys they touch (the old and the new), sets LOADED or
   * ERROR and closes its action. A failure rolls that transaction back: no half-loaded records.
   * Nothing happens (undefined) when the file is no longer this attempt's, e.g. another loaded it.
   */
  async function runLoad(fileId: number, attempt: number): Promise<AuditStatus | undefined> {
    const file = await files.findFile(db, fileId);
    if (file?.status !== 'FILTER') {
      return undefined;
    }
    const process = await processes.definition(db, file.process_id);
    if (!(await stage(file, process, attempt))) {
      return undefined;
    }
    return db.transaction().execute(async (tx) => {
      const locked = await files.findFileForUpdate(tx, fileId);
      if (locked?.status !== 'FILTER' || locked.load_attempts !== attempt) {
        await records.clearAttempt(tx, fileId, attempt);
        return undefined;
      }
      const counts = await records.replaceFromStaged(tx, {
        fileId,
        attempt,
        processId: file.process_id,
        partyId: file.party_id,
        compareFields: process.fields.filter((field) => field.reconcilable && !field.key).map((f) => f.name),
      });
      const lastKey = await records.lastKeyNumber(tx);
      for (let from = 0; from < lastKey; from += REMATCH_KEY_BATCH) {
        const keys = records.keySlice(from);
        await matching.rematch(
          tx,
          file.process_id,
          process.parties.length,
          keys.touched,
          clock.now(),
          keys.mayBeGone,
        );
      }
      await records.clearStaged(tx, fileId);
      const failed = counts.exceptions > 0;
      if (failed) {
        // The refused rows go to the outbox too, where the parties' teams collect them.
        const party = process.parties.find((item) => item.id === file.party_id);
        await outbox.insertExtract(tx, {
          processId: file.process_id,
          fileName: `${file.file_name}.exceptions.csv`,
          createdAt: clock.now(),
          content: exceptionsCsvSql(fileId),
          dedupeKey: `exceptions:${file.file_id}:${clock.now().getTime()}`,
          tags: [
            ['kind', EXTRACT_KINDS.exceptions],
            ['process', process.name],
            ['party', party?.name ?? String(file.party_id)],
            ['date', file.created_at.toISOString().slice(0, 10)],
          ],
        });
      }
      await files.setFileOutcome(tx, fileId, {
        status: failed ? 'ERROR' : 'LOADED',
        records: counts.records,
        exceptions: counts.exceptions,
        loadedAt: clock.now(),
      });
      const status: AuditStatus = failed ? 'ERROR' : 'SUCCESS';
      const action = await actionRows.loadingActionOf(tx, fileId);
      if (action !== undefined) {
        await actions.finish(tx, action, status, action.reviewer_username ?? SYSTEM_ACTOR.username);
      }
      return status;
    });
  }

  /** Ends a load that cannot finish: the file in ERROR with the reason, its action closed as ERROR. */
  async function endLoadInError(fileId: number, reason: string): Promise<AuditStatus | undefined> {
    return db.transaction().execute(async (tx) => {
      const locked = await files.findFileForUpdate(tx, fileId);
      if (locked?.status !== 'FILTER') {
        return undefined;
      }
      await files.setLoadError(tx, fileId, storableText(reason, FINANCE_REASON_MAX_BYTES));
      await records.clearStaged(tx, fileId);
      const action = await actionRows.loadingActionOf(tx, fileId);
      if (action !== undefined) {
        await actions.finish(tx, action, 'ERROR', action.reviewer_username ?? SYSTEM_ACTOR.username);
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
    const now = clock.now();
    const attempt = await files.claimLoad(db, fileId, now, new Date(now.getTime() - LOAD_RESUME_AFTER_MS));
    if (attempt === undefined) {
      return undefined;
    }
    if (attempt > FINANCE_LOAD_MAX_ATTEMPTS) {
      return endLoadInError(fileId, FINANCE_MESSAGES.loadNeverFinished);
    }
    try {
      return await runLoad(fileId, attempt);
    } catch (error) {
      deps.log?.error({ err: error, fileId }, 'Loading a file failed; it ends in ERROR');
      const reason = error instanceof Error ? error.message : String(error);
      return await endLoadInError(fileId, FINANCE_MESSAGES.loadFailed(reason));
    } finally {
      await records.vacuumStaged(db).catch((error: unknown) => {
        deps.log?.error({ err: error, fileId }, 'Vacuuming the staged rows failed; autovacuum will');
      });
    }
  }

  return {
    loadFile,

    /** An approved load's file goes to FILTER with the approval; the load itself follows it. */
    startLoad: async (tx: DbExecutor, actionId: string, fileId: number, reviewer: Actor): Promise<void> => {
      await files.startLoading(tx, fileId);
      await actionRows.markReviewed(tx, actionId, { reviewer: reviewer.username, at: clock.now() });
    },

    /**
     * Loads again the files whose approved load has not committed for LOAD_RESUME_AFTER_MS, each on
     * its own: one that cannot be settled never keeps the others waiting, and fails the run after them.
     */
    resumeStalledLoads: async (now: Date): Promise<number> => {
      const fileIds = await files.stalledLoads(db, new Date(now.getTime() - LOAD_RESUME_AFTER_MS));
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
  };
}

export type FileLoadService = ReturnType<typeof createFileLoadService>;
