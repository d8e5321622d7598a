import { sql } from 'kysely';
import type { FileActionType, FileStatus } from '@web-control/contract/finance';
import type { DbExecutor } from '../../db/schema.ts';
import type { Page } from './process-repository.ts';
import type { ReconFileRow } from './table.ts';

/** Rows of a stored file's bytes read at a time by a load or a download. */
const CHUNK_ROWS_PER_READ = 4;

/** The inbox's files: stored, listed, locked, and their load's state and outcome. */
export function createFilesRepository() {
  return {
    async insertFile(
      executor: DbExecutor,
      file: {
        processId: number;
        partyId: number;
        fileName: string;
        sha256: string;
        sizeBytes: number;
        recordsTotal: number;
        createdAt: Date;
        /** A feed's file starts loading at once (FILTER); an upload waits for approval. */
        status?: 'REGISTERED' | 'FILTER';
      },
    ): Promise<number> {
      const row = await executor
        .insertInto('recon_files')
        .values({
          process_id: file.processId,
          party_id: file.partyId,
          file_name: file.fileName,
          sha256: file.sha256,
          size_bytes: file.sizeBytes,
          records_total: file.recordsTotal,
          status: file.status ?? 'REGISTERED',
          records: null,
          exceptions: null,
          created_at: file.createdAt,
        })
        .returning('file_id')
        .executeTakeFirstOrThrow();
      return row.file_id;
    },

    /** Whether these bytes, holding records, are in one of the processes (a header alone may repeat). */
    async hasFile(executor: DbExecutor, processIds: number[], sha256: string): Promise<boolean> {
      const row = await executor
        .selectFrom('recon_files')
        .select('file_id')
        .where('process_id', 'in', processIds)
        .where('sha256', '=', sha256)
        .where((eb) => eb('records_total', 'is distinct from', 0))
        .executeTakeFirst();
      return row !== undefined;
    },

    findFile(executor: DbExecutor, fileId: number): Promise<ReconFileRow | undefined> {
      return executor.selectFrom('recon_files').selectAll().where('file_id', '=', fileId).executeTakeFirst();
    },

    /** A file with its party's name, as the inbox lists it. */
    findFileWithParty(
      executor: DbExecutor,
      fileId: number,
    ): Promise<(ReconFileRow & { party_name: string }) | undefined> {
      return executor
        .selectFrom('recon_files as f')
        .innerJoin('recon_parties as p', (join) =>
          join.onRef('p.process_id', '=', 'f.process_id').onRef('p.party_id', '=', 'f.party_id'),
        )
        .selectAll('f')
        .select('p.name as party_name')
        .where('f.file_id', '=', fileId)
        .executeTakeFirst();
    },

    /** Stores a file's bytes as they come, one row per chunk. */
    async insertChunks(
      executor: DbExecutor,
      fileId: number,
      chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
    ): Promise<void> {
      let position = 0;
      for await (const bytes of chunks) {
        await executor.insertInto('recon_file_chunks').values({ file_id: fileId, position, bytes }).execute();
        position += 1;
      }
    },

    /** A stored file's bytes, in order, a few chunks a query. */
    async *chunksOf(executor: DbExecutor, fileId: number): AsyncGenerator<Buffer> {
      for (let from = 0; ; from += CHUNK_ROWS_PER_READ) {
        const rows = await executor
          .selectFrom('recon_file_chunks')
          .select('bytes')
          .where('file_id', '=', fileId)
          .where('position', '>=', from)
          .where('position', '<', from + CHUNK_ROWS_PER_READ)
          .orderBy('position')
          .execute();
        for (const row of rows) yield row.bytes;
        if (rows.length < CHUNK_ROWS_PER_READ) return;
      }
    },

    /** Locks the file row for the change. */
    findFileForUpdate(executor: DbExecutor, fileId: number): Promise<ReconFileRow | undefined> {
      return executor
        .selectFrom('recon_files')
        .selectAll()
        .where('file_id', '=', fileId)
        .forUpdate()
        .executeTakeFirst();
    },

    async setFileOutcome(
      executor: DbExecutor,
      fileId: number,
      outcome: {
        status: FileStatus;
        records: number | null;
        exceptions: number | null;
        loadedAt: Date | null;
      },
    ): Promise<void> {
      await executor
        .updateTable('recon_files')
        .set({
          status: outcome.status,
          records: outcome.records,
          exceptions: outcome.exceptions,
          loaded_at: outcome.loadedAt,
          load_error: null,
        })
        .where('file_id', '=', fileId)
        .execute();
    },

    /** A load that failed: the file is in ERROR for the reason; its records stay as they were. */
    async setLoadError(executor: DbExecutor, fileId: number, reason: string): Promise<void> {
      await executor
        .updateTable('recon_files')
        .set({ status: 'ERROR', load_error: reason })
        .where('file_id', '=', fileId)
        .execute();
    },

    /** The approved file starts loading: FILTER commits before the load runs, its attempts from 0. */
    async startLoading(executor: DbExecutor, fileId: number): Promise<void> {
      await executor
        .updateTable('recon_files')
        .set({
          status: 'FILTER',
          load_error: null,
          load_attempts: 0,
          records_read: null,
          load_heartbeat_at: null,
        })
        .where('file_id', '=', fileId)
        .execute();
    },

    /**
     * Claims a file's load, counting it as an attempt (committed before it runs): a file in FILTER
     * whose loader has not shown life since `staleBefore`, or none has started. The attempt number,
     * or undefined when the file is not in FILTER or another loader holds it. A loader in its
     * closing transaction holds the file's row lock (and shows no life meanwhile, for minutes with
     * a million records): a locked file is skipped rather than waited for until the statement timeout.
     */
    async claimLoad(
      executor: DbExecutor,
      fileId: number,
      now: Date,
      staleBefore: Date,
    ): Promise<number | undefined> {
      const row = await executor
        .updateTable('recon_files')
        .set((eb) => ({
          load_attempts: eb('load_attempts', '+', 1),
          load_heartbeat_at: now,
          records_read: 0,
        }))
        .where('file_id', 'in', (eb) =>
          eb
            .selectFrom('recon_files')
            .select('file_id')
            .where('file_id', '=', fileId)
            .forUpdate()
            .skipLocked(),
        )
        .where('status', '=', 'FILTER')
        .where((eb) =>
          eb.or([eb('load_heartbeat_at', 'is', null), eb('load_heartbeat_at', '<', staleBefore)]),
        )
        .returning('load_attempts')
        .executeTakeFirst();
      return row?.load_attempts;
    },

    /** A load's progress, which also shows its loader alive; false once another attempt holds it. */
    async recordProgress(
      executor: DbExecutor,
      fileId: number,
      progress: { attempt: number; read: number; at: Date },
    ): Promise<boolean> {
      const result = await executor
        .updateTable('recon_files')
        .set({ records_read: progress.read, load_heartbeat_at: progress.at })
        .where('file_id', '=', fileId)
        .where('status', '=', 'FILTER')
        .where('load_attempts', '=', progress.attempt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Files still in FILTER whose loader has not shown life since the given time (or whose load,
     * approved before it, never started): their load never committed, so they are loaded again.
     */
    async stalledLoads(executor: DbExecutor, staleBefore: Date): Promise<number[]> {
      const rows = await executor
        .selectFrom('recon_files as f')
        .innerJoin('recon_actions as a', 'a.file_id', 'f.file_id')
        .select('f.file_id')
        .where('f.status', '=', 'FILTER')
        .where('a.status', '=', 'REGISTERED')
        .where('a.reviewed_at', 'is not', null)
        .where((eb) => eb(eb.fn.coalesce('f.load_heartbeat_at', 'a.reviewed_at'), '<', staleBefore))
        .orderBy('f.file_id')
        .execute();
      return [...new Set(rows.map((row) => row.file_id))];
    },

    async deleteFile(executor: DbExecutor, fileId: number): Promise<void> {
      await executor.deleteFrom('recon_files').where('file_id', '=', fileId).execute();
    },

    /**
     * The inbox page: the files are paged on their own, newest first (recon_files_inbox_idx for
     * a process), and only the page's rows are joined to their party's name; joined first, the
     * planner misjudged the join's size and sorted every file of the process for each page.
     */
    async listFiles(
      executor: DbExecutor,
      filter: Page & { processIds: number[] | undefined },
    ): Promise<{
      rows: Array<ReconFileRow & { party_name: string; pending_action: FileActionType | null }>;
      total: number;
    }> {
      let files = executor.selectFrom('recon_files');
      if (filter.processIds !== undefined) {
        files = files.where('process_id', 'in', filter.processIds.length > 0 ? filter.processIds : [0]);
      }
      const page = files
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('file_id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .as('f');
      const rows = await executor
        .selectFrom(page)
        .innerJoin('recon_parties as p', (join) =>
          join.onRef('p.process_id', '=', 'f.process_id').onRef('p.party_id', '=', 'f.party_id'),
        )
        .selectAll('f')
        .select('p.name as party_name')
        // At most one action of a file waits (files-service refuses a second one). An approved load
        // stays REGISTERED until it commits: it no longer waits for approval.
        .select((eb) =>
          eb
            .selectFrom('recon_actions as a')
            .select('a.type')
            .whereRef('a.file_id', '=', 'f.file_id')
            .where('a.status', '=', 'REGISTERED')
            .where('a.reviewed_at', 'is', null)
            .limit(1)
            .$narrowType<{ type: FileActionType }>()
            .as('pending_action'),
        )
        .orderBy('f.created_at', 'desc')
        .orderBy('f.file_id', 'desc')
        .execute();
      const count = await files
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(count.total) };
    },

    async hasAnyFile(executor: DbExecutor): Promise<boolean> {
      const row = await executor.selectFrom('recon_files').select('file_id').limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** Until the transaction ends, nobody else adds a file of this name to this process. */
    async lockFileName(executor: DbExecutor, processId: number, fileName: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtext('recon_files.file_name'), hashtext(${`${processId}:${fileName}`}))`.execute(
        executor,
      );
    },

    async hasFileNamed(executor: DbExecutor, processIds: number[], fileName: string): Promise<boolean> {
      const row = await executor
        .selectFrom('recon_files')
        .select('file_id')
        .where('process_id', 'in', processIds)
        .where('file_name', '=', fileName)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
