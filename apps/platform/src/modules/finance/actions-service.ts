import type { Transaction } from 'kysely';
import {
  paginationInfoOf,
  type ActionType,
  type AuditStatus,
  type PageQuery,
} from '@web-control/contract/finance';
import {
  describeAction,
  type Action,
  type ActionReview,
  type Audit,
} from '@web-control/contract/finance-actions';
import type { Clock } from '../../clock.ts';
import type { Database, Db, DbExecutor } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { ApprovalRequest } from '../approvals/service.ts';
import type { Actor } from '../audit/audited-change.ts';
import { createActionsRepository, type ActionWithNames } from './actions-repository.ts';
import { createAuditsRepository } from './audits-repository.ts';
import { createFilesRepository } from './files-repository.ts';
import { FINANCE_MESSAGES } from './messages.ts';
import type { ProcessService } from './process-service.ts';
import type { ReconActionRow } from './table.ts';

/** What a file action's entry records: the request's id and time with its file. */
export interface FileActionEntry {
  id: string;
  processId: number;
  fileName: string;
  requestedAt: Date;
}

function toAction(row: ActionWithNames): Action {
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
      partyName: row.party_name,
    },
  };
}

/** An action's review as the approvals lists state it: rejected, approved (reviewed), or pending. */
function reviewOf(row: ReconActionRow): ActionReview {
  const status = row.status === 'REJECTED' ? 'rejected' : row.reviewed_at === null ? 'pending' : 'approved';
  return {
    status,
    reviewerUsername: status === 'pending' ? null : row.reviewer_username,
    reviewedDate: row.reviewed_at === null ? null : row.reviewed_at.toISOString(),
  };
}

/** The finance actions and their audit log: registered, decided and listed. */
export function createActionsService(deps: { db: Db; clock: Clock; processes: ProcessService }) {
  const { db, clock, processes } = deps;
  const repository = createActionsRepository();
  const audits = createAuditsRepository();
  const files = createFilesRepository();

  async function actionOf<P>(tx: DbExecutor, request: ApprovalRequest<P>): Promise<ReconActionRow> {
    const action = await repository.findAction(tx, request.id);
    if (action === undefined) {
      throw notFound(FINANCE_MESSAGES.noAction);
    }
    return action;
  }

  /** Closes an action with its outcome and the audit entry saying so. */
  async function finish(
    tx: DbExecutor,
    action: ReconActionRow,
    status: AuditStatus,
    reviewer: string,
  ): Promise<void> {
    const at = clock.now();
    await repository.decideAction(tx, action.action_id, { status, reviewer, at });
    await audits.insertAudit(tx, {
      actionId: action.action_id,
      processId: action.process_id,
      at,
      username: action.username,
      reviewer,
      type: action.type,
      status,
    });
  }

  return {
    actionOf,
    finish,

    /** What a rejection does to any finance action, in the rejection's transaction. */
    rejected: async <P>(tx: Transaction<Database>, request: ApprovalRequest<P>, reviewer: Actor) => {
      const action = await actionOf(tx, request);
      await finish(tx, action, 'REJECTED', reviewer.username);
      if (action.type === 'LOAD_FILE' && action.file_id !== null) {
        // A refused upload leaves the inbox, so the same file can be uploaded again.
        await files.deleteFile(tx, action.file_id);
      }
    },

    findAction: (actionId: string) => repository.findAction(db, actionId),

    /** How the reviews inbox names each action: 'Load file bank.csv (Card acquiring)'. */
    reviewSummaries: async (actionIds: readonly string[]): Promise<Map<string, string>> => {
      const rows = await repository.findActionsWithProcess(db, actionIds);
      return new Map(
        rows.map(toAction).map((action) => [action.id, `${describeAction(action)} (${action.processName})`]),
      );
    },

    /** Records a requested file action and its REGISTERED audit entry. */
    register: async (
      tx: DbExecutor,
      entry: FileActionEntry,
      type: ActionType,
      file: { fileId: number; records: number | null },
      actor: Actor,
      comment: string,
    ): Promise<void> => {
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
      await audits.insertAudit(tx, {
        actionId: entry.id,
        processId: entry.processId,
        at: entry.requestedAt,
        username: actor.username,
        reviewer: null,
        type,
        status: 'REGISTERED',
      });
    },

    listActions: async (
      query: PageQuery & { status: 'pending' | 'approved' | 'rejected'; processIds?: number[] | undefined },
    ) => {
      const { rows, total } = await repository.listActions(db, {
        offset: query.offset,
        limit: query.limit,
        state: query.status,
        processIds: query.processIds,
      });
      const actions = rows.map(toAction);
      return { actions, paginationInfo: paginationInfoOf(query, total, actions.length) };
    },

    actionMetadata: async (processId: number, actionId: string) => {
      const row = await repository.findAction(db, actionId);
      if (row?.process_id !== processId) {
        throw notFound(FINANCE_MESSAGES.noAction);
      }
      const process = await processes.definition(db, processId);
      const partyName = process.parties.find((party) => party.id === row.party_id)?.name ?? null;
      const action = toAction({ ...row, process_name: process.displayName, party_name: partyName });
      return { ...action.meta, action, review: reviewOf(row), fileId: row.file_id };
    },

    listAudits: async (query: {
      offset: number;
      limit: number;
      fromDateTimeInclusive?: string | undefined;
      toDateTimeInclusive?: string | undefined;
      username?: string | undefined;
      type?: ActionType | undefined;
      status?: AuditStatus | undefined;
    }) => {
      const { rows, total } = await audits.listAudits(db, {
        offset: query.offset,
        limit: query.limit,
        from: query.fromDateTimeInclusive === undefined ? undefined : new Date(query.fromDateTimeInclusive),
        to: query.toDateTimeInclusive === undefined ? undefined : new Date(query.toDateTimeInclusive),
        username: query.username,
        type: query.type,
        status: query.status,
      });
      const fileNames = await audits.fileNamesOf(
        db,
        rows.map((row) => row.action_id),
      );
      const list: Audit[] = rows.map((row) => ({
        auditId: Number(row.audit_id),
        actionId: row.action_id,
        auditDate: row.audit_date.toISOString(),
        username: row.username,
        reviewerUsername: row.reviewer_username,
        type: row.type,
        status: row.status,
        fileName: fileNames.get(row.action_id) ?? null,
      }));
      return { audits: list, paginationInfo: paginationInfoOf(query, total, list.length) };
    },
  };
}

export type ActionsService = ReturnType<typeof createActionsService>;
