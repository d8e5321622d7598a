import { sql } from 'kysely';
import type { ActionType, AuditStatus } from '@web-control/contract/finance';
import type { DbExecutor } from '../../db/schema.ts';
import type { Page } from './process-repository.ts';
import type { ReconActionRow } from './table.ts';

export interface ActionsFilter {
  state: 'pending' | 'approved' | 'rejected';
  processIds: number[] | undefined;
}

/** The actions of a state and processes, oldest first: the list pages it, the export reads it whole. */
export function actionsQuery(executor: DbExecutor, filter: ActionsFilter) {
  let query = executor
    .selectFrom('recon_actions as a')
    .innerJoin('recon_processes as p', 'p.process_id', 'a.process_id')
    // A resolve's party marked correct, for its reviewer.
    .leftJoin('recon_parties as rp', (join) =>
      join.onRef('rp.process_id', '=', 'a.process_id').onRef('rp.party_id', '=', 'a.party_id'),
    );
  // Pending: nobody has reviewed it. Approved: reviewed and not rejected (a load in progress
  // keeps REGISTERED until it commits its outcome).
  if (filter.state === 'pending') {
    query = query.where('a.status', '=', 'REGISTERED').where('a.reviewed_at', 'is', null);
  } else if (filter.state === 'approved') {
    query = query
      .where('a.status', 'in', ['REGISTERED', 'SUCCESS', 'ERROR'])
      .where('a.reviewed_at', 'is not', null);
  } else {
    query = query.where('a.status', '=', 'REJECTED');
  }
  if (filter.processIds !== undefined) {
    query = query.where('a.process_id', 'in', filter.processIds.length > 0 ? filter.processIds : [0]);
  }
  return query
    .selectAll('a')
    .select(['p.display_name as process_name', 'rp.name as party_name'])
    .orderBy('a.created_at')
    .orderBy('a.action_id');
}

/** An action with its process's name and, for a resolve, the name of the party marked correct. */
export type ActionWithNames = ReconActionRow & { process_name: string; party_name: string | null };

/** The finance actions: requested, reviewed, decided, listed, and the transactions a file action touches. */
export function createActionsRepository() {
  return {
    async insertAction(
      executor: DbExecutor,
      action: {
        actionId: string;
        processId: number;
        type: ActionType;
        fileId: number | null;
        fileName: string | null;
        records: number | null;
        username: string;
        comment: string;
        createdAt: Date;
      },
    ): Promise<void> {
      await executor
        .insertInto('recon_actions')
        .values({
          action_id: action.actionId,
          process_id: action.processId,
          type: action.type,
          file_id: action.fileId,
          file_name: action.fileName,
          records: action.records,
          username: action.username,
          comment: action.comment,
          created_at: action.createdAt,
          status: 'REGISTERED',
          reviewer_username: null,
          reviewed_at: null,
        })
        .execute();
    },

    /** Actions by id with their process's name, for the reviews inbox. */
    async findActionsWithProcess(
      executor: DbExecutor,
      actionIds: readonly string[],
    ): Promise<Array<ActionWithNames>> {
      if (actionIds.length === 0) return [];
      return (
        executor
          .selectFrom('recon_actions as a')
          .innerJoin('recon_processes as p', 'p.process_id', 'a.process_id')
          // A resolve's party marked correct, for its reviewer.
          .leftJoin('recon_parties as rp', (join) =>
            join.onRef('rp.process_id', '=', 'a.process_id').onRef('rp.party_id', '=', 'a.party_id'),
          )
          .selectAll('a')
          .select(['p.display_name as process_name', 'rp.name as party_name'])
          .where('a.action_id', 'in', actionIds)
          .execute()
      );
    },

    async setActionSelection(
      executor: DbExecutor,
      actionId: string,
      selection: {
        selectionType: string;
        requestUrl: string;
        transactionCount: number;
        partyId: number | null;
      },
    ): Promise<void> {
      await executor
        .updateTable('recon_actions')
        .set({
          selection_type: selection.selectionType,
          request_url: selection.requestUrl,
          transaction_count: selection.transactionCount,
          party_id: selection.partyId,
        })
        .where('action_id', '=', actionId)
        .execute();
    },

    findAction(executor: DbExecutor, actionId: string): Promise<ReconActionRow | undefined> {
      return executor
        .selectFrom('recon_actions')
        .selectAll()
        .where('action_id', '=', actionId)
        .executeTakeFirst();
    },

    async decideAction(
      executor: DbExecutor,
      actionId: string,
      decision: { status: AuditStatus; reviewer: string | null; at: Date },
    ): Promise<void> {
      await executor
        .updateTable('recon_actions')
        // An approved load keeps its approval's time when it finishes: the review's date is the decision's.
        .set({
          status: decision.status,
          reviewer_username: decision.reviewer,
          reviewed_at: sql<Date>`coalesce(reviewed_at, ${decision.at})`,
        })
        .where('action_id', '=', actionId)
        .execute();
    },

    /** An approved load's action keeps REGISTERED with its reviewer until the load commits. */
    async markReviewed(
      executor: DbExecutor,
      actionId: string,
      review: { reviewer: string; at: Date },
    ): Promise<void> {
      await executor
        .updateTable('recon_actions')
        .set({ reviewer_username: review.reviewer, reviewed_at: review.at })
        .where('action_id', '=', actionId)
        .execute();
    },

    /** The approved LOAD_FILE or RELOAD_FILE action whose load of this file has not committed. */
    loadingActionOf(executor: DbExecutor, fileId: number): Promise<ReconActionRow | undefined> {
      return executor
        .selectFrom('recon_actions')
        .selectAll()
        .where('file_id', '=', fileId)
        .where('type', 'in', ['LOAD_FILE', 'RELOAD_FILE'])
        .where('status', '=', 'REGISTERED')
        .where('reviewed_at', 'is not', null)
        .executeTakeFirst();
    },

    async hasPendingFileAction(executor: DbExecutor, fileId: number): Promise<boolean> {
      const row = await executor
        .selectFrom('recon_actions')
        .select('action_id')
        .where('file_id', '=', fileId)
        .where('status', '=', 'REGISTERED')
        .executeTakeFirst();
      return row !== undefined;
    },

    async listActions(
      executor: DbExecutor,
      filter: Page & ActionsFilter,
    ): Promise<{ rows: ActionWithNames[]; total: number }> {
      const query = actionsQuery(executor, filter);
      const rows = await query.limit(filter.limit).offset(filter.offset).execute();
      // The total from the counts migration 0020 keeps, in the same states as the filters above.
      const processes =
        filter.processIds === undefined
          ? sql`true`
          : sql`process_id = any(cast(${filter.processIds} as integer[]))`;
      const count = await sql<{ total: string | number }>`
        select coalesce(sum(total), 0) as total from recon_action_counts
        where state = ${filter.state} and ${processes}`.execute(executor);
      return { rows, total: Number(count.rows[0]?.total ?? 0) };
    },

    /** A page of the recon transactions a file's records belong to, with every record of each. */
    async transactionsOfFile(
      executor: DbExecutor,
      query: { processId: number; fileId: number; offset: number; limit: number },
    ) {
      const keys = executor
        .selectFrom('recon_records')
        .select('match_key')
        .where('file_id', '=', query.fileId);
      const base = executor
        .selectFrom('recon_transactions')
        .where('process_id', '=', query.processId)
        .where('match_key', 'in', keys);
      const rows = await base
        .selectAll()
        // By key: the file's own order of references, stable across re-matches.
        .orderBy('match_key')
        .offset(query.offset)
        .limit(query.limit)
        .execute();
      const count = await base
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .executeTakeFirstOrThrow();
      const records =
        rows.length === 0
          ? []
          : await executor
              .selectFrom('recon_records')
              .select(['match_key', 'party_id', 'fields'])
              .where('process_id', '=', query.processId)
              .where(
                'match_key',
                'in',
                rows.map((row) => row.match_key),
              )
              .orderBy('party_id')
              .orderBy('record_id')
              .execute();
      return { rows, records, total: Number(count.total) };
    },
  };
}

export type ActionsRepository = ReturnType<typeof createActionsRepository>;
