import { z } from 'zod';
import { paginationInfoOf, type PageQuery, type ReconTransaction } from '@web-control/contract/finance';
import {
  allowedActionsOf,
  csvCell,
  DOWNLOAD_FIXED_COLUMNS,
  SELECTION_TYPES,
  TRANSACTION_ACTION_TYPES,
  type ReconQuery,
  type ReconSelection,
  type TransactionAction,
  type TransactionKey,
} from '@web-control/contract/finance-results';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { Db } from '../../db/schema.ts';
import type { CsvDownload } from '../../plugins/route-helpers.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { ApprovalKind, createApprovalsEngine } from '../approvals/service.ts';
import type { Actor } from '../audit/audited-change.ts';
import { createActionsRepository } from './actions-repository.ts';
import type { ActionsService } from './actions-service.ts';
import { createAuditsRepository } from './audits-repository.ts';
import { FINANCE_MESSAGES } from './messages.ts';
import { fieldsOf, type ProcessService } from './process-service.ts';
import {
  createResultsRepository,
  type RecordOfRow,
  type ResultRowWithRecords,
} from './results-repository.ts';

const TRANSACTION_ACTION_PAYLOAD = z.object({ processId: z.number().int() });
export type TransactionActionPayload = z.infer<typeof TRANSACTION_ACTION_PAYLOAD>;
export type TransactionActionType = (typeof TRANSACTION_ACTION_TYPES)[TransactionAction];

/** A transaction action as the routes hand it over: the selected keys or the query that selects. */
export type TransactionActionRequest = {
  comment: string;
  partyId?: number | undefined;
  requestUrl: string;
} & ({ selection: 'key'; keys: TransactionKey[] } | { selection: 'filter'; query: ReconSelection });

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
    correctPartyId: row.resolved_party_id,
  };
}

/** The recon results: the grid's pages, the CSV download and the transaction actions. */
export function createResultsService(deps: {
  db: Db;
  approvals: ReturnType<typeof createApprovalsEngine>;
  processes: ProcessService;
  actions: ActionsService;
  copyOut: DatabaseHandle['copyOut'];
}) {
  const { db, approvals, processes, actions, copyOut } = deps;
  const results = createResultsRepository();
  const actionRows = createActionsRepository();
  const audits = createAuditsRepository();

  /** Accept, reject and resolve: applied to the set fixed when they were requested, or refused. */
  function registerTransactionKind(action: TransactionAction) {
    return approvals.registerKind(TRANSACTION_ACTION_TYPES[action], {
      payloadSchema: TRANSACTION_ACTION_PAYLOAD,
      apply: async (tx, request, reviewer) => {
        const row = await actions.actionOf(tx, request);
        const { total, allowed, overtaken } = await results.lockActionSet(
          tx,
          { actionId: row.action_id, requestedAt: row.created_at },
          action,
        );
        // Exactly the set that was asked for, or nothing: a re-match, a file rollback or another
        // action since the request changes what the approver would be approving.
        if (total !== row.transaction_count || allowed !== total || overtaken > 0) {
          throw conflict(FINANCE_MESSAGES.setChanged);
        }
        await results.applyAction(tx, row.action_id, action, row.party_id);
        await actions.finish(tx, row, 'SUCCESS', reviewer.username);
      },
      rejected: actions.rejected,
    });
  }

  const kinds: Record<TransactionActionType, ApprovalKind<TransactionActionPayload>> = {
    ACCEPT_TRANSACTIONS: registerTransactionKind('accept'),
    REJECT_TRANSACTIONS: registerTransactionKind('reject'),
    RESOLVE_TRANSACTIONS: registerTransactionKind('resolve'),
  };

  return {
    kinds,

    /** The recon results: a page of the query, each transaction with every party's records. */
    results: async (processId: number, query: ReconQuery) => {
      const process = await processes.definition(db, processId);
      const { rows, total } = await results.page(db, fieldsOf(process), query, query);
      const transactions = rows.map(toTransaction);
      return { transactions, paginationInfo: paginationInfoOf(query, total, transactions.length) };
    },

    /** A page of the transactions fixed when a transaction action was requested. */
    actionSetTransactions: async (actionId: string, page: PageQuery) => {
      const set = await results.actionSetPage(db, actionId, page);
      const list = set.rows.map(toTransaction);
      return { transactions: list, paginationInfo: paginationInfoOf(page, set.total, list.length) };
    },

    /** Registers a transaction action with its fixed set, in the submission's transaction. */
    requestTransactionAction: async (
      actor: Actor,
      processId: number,
      action: TransactionAction,
      request: TransactionActionRequest,
    ): Promise<{ actionId: string; transactionCount: number }> => {
      const process = await processes.definition(db, processId);
      const partyId = action === 'resolve' ? (request.partyId ?? null) : null;
      if (action === 'resolve' && !process.parties.some((party) => party.id === partyId)) {
        throw badRequest(FINANCE_MESSAGES.unknownParty, 'partyId');
      }
      const type = TRANSACTION_ACTION_TYPES[action];
      let transactionCount = 0;
      const submitted = await kinds[type].submit(
        actor,
        { scope: String(processId), payload: { processId }, comment: request.comment },
        async (tx, entry) => {
          await actionRows.insertAction(tx, {
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
            // One decision at a time: two waiting actions could both be approved (accept, then reject).
            const pending = await results.pendingOf(tx, ids);
            if (pending.length > 0) {
              throw conflict(FINANCE_MESSAGES.pendingAction(pending.length), { transactionIds: pending });
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
              const waiting = await results.anyAllowedPending(tx, fieldsOf(process), request.query, action);
              throw conflict(
                waiting ? FINANCE_MESSAGES.allPending(action) : FINANCE_MESSAGES.noneAllowed(action),
              );
            }
          }
          await actionRows.setActionSelection(tx, entry.id, {
            selectionType: request.selection === 'key' ? SELECTION_TYPES.byKey : SELECTION_TYPES.byFilter,
            requestUrl: request.requestUrl,
            transactionCount,
            partyId,
          });
          await audits.insertAudit(tx, {
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
    },

    /**
     * Streams every transaction of a selection as CSV through `write` (which waits while the
     * client is slow): the database writes each line (copyOut), so memory stays flat whatever the
     * size, and the rows are one consistent snapshot.
     */
    downloadResults: async (processId: number, selection: ReconSelection): Promise<CsvDownload> => {
      const process = await processes.definition(db, processId);
      const header = [
        ...DOWNLOAD_FIXED_COLUMNS,
        // An amount is written as the records hold it, in minor units (cents), and its header says so.
        ...process.parties.flatMap((party) =>
          process.fields.map(
            (field) => `${party.name} ${field.name}${field.money === null ? '' : ' (minor units)'}`,
          ),
        ),
      ];
      // Built (and so checked) before the first byte is sent: a bad filter is still a 400.
      const columns = { ...fieldsOf(process), partyIds: process.parties.map((party) => party.id) };
      const query = results.downloadSql(columns, selection, 'line').compile(db);
      const writeTo = async (write: (chunk: string | Uint8Array) => Promise<void>) => {
        await write(`${header.map(csvCell).join(',')}\r\n`);
        for await (const chunk of copyOut(query)) await write(chunk);
      };
      return { fileName: `${process.name}-transactions.csv`, writeTo };
    },
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;
