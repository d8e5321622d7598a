import { sql, type RawBuilder } from 'kysely';
import type { MatchStatus, SettlementStatus } from '@web-control/contract/finance';
import type { ReconSelection, TransactionAction } from '@web-control/contract/finance-results';
import type { DbExecutor } from '../../db/schema.ts';
import { csvCellSql, inertSql } from './csv-sql.ts';
import { refreshValues } from './matching-repository.ts';
import {
  orderOf,
  pageIdsSql,
  singleFieldConditionOf,
  statusCountsWhere,
  whereOf,
  type ProcessFields,
} from './results-selection.ts';

/** A transaction as the selection and download read it. */
export interface ResultRow {
  transaction_id: string | number;
  match_key: string;
  created_at: Date;
  match_status: MatchStatus;
  settlement_status: SettlementStatus;
  score: number;
  resolved_party_id: number | null;
}

/** What an action may change, as SQL on `t` (spec 2, section 4). */
export const ALLOWED_FOR: Record<TransactionAction, RawBuilder<unknown>> = {
  accept: sql`t.match_status = 'UNMATCHED' and t.settlement_status <> 'SETTLED'`,
  resolve: sql`t.match_status = 'MATCHED' and t.score < 100 and t.settlement_status <> 'SETTLED'`,
  reject: sql`t.match_status <> 'REJECTED' and t.settlement_status <> 'SETTLED'`,
};

/** `t` is in an action still waiting for approval. */
const IN_PENDING_ACTION = sql`exists (
  select 1 from recon_action_transactions a join recon_actions r on r.action_id = a.action_id
  where a.transaction_id = t.transaction_id and r.status = 'REGISTERED'
)`;

/** A party's records of each transaction (first record PRIMARY, a party's further ones DISCARD). */
const RECORDS_OF_T = sql`(
  select coalesce(jsonb_agg(jsonb_build_object('partyId', r.party_id, 'fields', r.fields)
    order by r.party_id, r.record_id), '[]'::jsonb)
  from recon_records r where r.process_id = t.process_id and r.match_key = t.match_key
)`;

/** A download's parties and fields, in the order of its columns. */
export interface DownloadColumns extends ProcessFields {
  partyIds: readonly number[];
}

export interface RecordOfRow {
  partyId: number;
  fields: Record<string, string>;
}

export type ResultRowWithRecords = ResultRow & { records: RecordOfRow[] | string };

export function createResultsRepository() {
  /**
   * The download of a selection, in its order: each transaction the fixed columns, then each
   * party's first record's fields ('' when none), as one CSV line with its CRLF (`line`), or as
   * its cells (formula-safe but not quoted) for a COPY that writes the CSV itself (the bench's).
   */
  function downloadSql(columns: DownloadColumns, selection: ReconSelection, shape: 'line' | 'cells') {
    const where = whereOf(columns, selection);
    const { joins, orderBy } = orderOf(columns, selection.sortBy);
    // The first record of each party, aggregated once per transaction (the planner shares the
    // identical aggregates of one party's fields); each value is a column, so computed once.
    const values = columns.partyIds.flatMap((partyId, party) =>
      columns.fields.map(
        (field, index) =>
          sql`coalesce((array_agg(r.fields order by r.record_id) filter (where r.party_id = ${sql.lit(partyId)}))[1]
            ->> ${field.name}, '') as ${sql.ref(`c${party.toString()}_${index.toString()}`)}`,
      ),
    );
    const cells = [
      sql`t.transaction_id::text`,
      sql`to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      sql`t.match_status`,
      sql`t.settlement_status`,
      sql`t.score::text`,
      ...columns.partyIds.flatMap((_, party) =>
        columns.fields.map((_field, index) => {
          const value = sql.ref(`d.c${party.toString()}_${index.toString()}`);
          return shape === 'line' ? csvCellSql(value) : inertSql(value);
        }),
      ),
    ];
    const select =
      shape === 'line' ? sql`concat_ws(',', ${sql.join(cells)}) || E'\\r\\n' as line` : sql.join(cells);
    const lateral =
      values.length === 0
        ? sql``
        : sql`cross join lateral (select ${sql.join(values)}
            from recon_records r where r.process_id = t.process_id and r.match_key = t.match_key) d`;
    return sql`
      select ${select}
      from recon_transactions t ${joins} ${lateral}
      where ${where}
      order by ${orderBy}`;
  }

  return {
    downloadSql,

    async page(
      executor: DbExecutor,
      process: ProcessFields,
      selection: ReconSelection,
      page: { offset: number; limit: number },
    ): Promise<{ rows: ResultRowWithRecords[]; total: number }> {
      // The page's ids first, then their records: a select-list subquery under OFFSET would run
      // for every skipped row too.
      const where = whereOf(process, selection);
      const singleField = singleFieldConditionOf(process, selection);
      const ids = pageIdsSql(process, selection, page);
      const rows = await sql<ResultRowWithRecords>`
        select t.transaction_id, t.match_key, t.created_at, t.match_status, t.settlement_status, t.score,
          t.resolved_party_id, ${RECORDS_OF_T} as records
        from unnest(array(${ids})) with ordinality p(transaction_id, position)
        join recon_transactions t on t.transaction_id = p.transaction_id
        order by p.position`.execute(executor);
      const count =
        selection.filters.length === 0
          ? await sql<{ total: string | number }>`
              select coalesce(sum(c.total), 0) as total from recon_transaction_counts c
              where ${statusCountsWhere(process.processId, selection)}`.execute(executor)
          : singleField !== undefined
            ? await sql<{ total: string | number }>`
                select count(*) as total from recon_transaction_values v where ${singleField}`.execute(
                executor,
              )
            : await sql<{ total: string | number }>`
                select count(*) as total from recon_transactions t where ${where}`.execute(executor);
      return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
    },

    /**
     * Fixes an action's set: the selected transactions the action may change and no other action
     * waits on. Returns how many.
     */
    async fixSelection(
      executor: DbExecutor,
      actionId: string,
      process: ProcessFields,
      selection: ReconSelection,
      action: TransactionAction,
    ): Promise<number> {
      const result = await sql`
        insert into recon_action_transactions (action_id, transaction_id)
        select cast(${actionId} as uuid), t.transaction_id from recon_transactions t
        where ${whereOf(process, selection)} and ${ALLOWED_FOR[action]} and not ${IN_PENDING_ACTION}`.execute(
        executor,
      );
      return Number(result.numAffectedRows ?? 0);
    },

    /** Whether the selection holds a transaction the action may change that another action waits on. */
    async anyAllowedPending(
      executor: DbExecutor,
      process: ProcessFields,
      selection: ReconSelection,
      action: TransactionAction,
    ): Promise<boolean> {
      const result = await sql<{ found: boolean }>`
        select exists (
          select 1 from recon_transactions t
          where ${whereOf(process, selection)} and ${ALLOWED_FOR[action]} and ${IN_PENDING_ACTION}
        ) as found`.execute(executor);
      return result.rows[0]?.found === true;
    },

    /** Which of these transactions another action already waits on. */
    async pendingOf(executor: DbExecutor, ids: string[]): Promise<string[]> {
      const rows = await executor
        .selectFrom('recon_action_transactions as a')
        .innerJoin('recon_actions as r', 'r.action_id', 'a.action_id')
        .select('a.transaction_id')
        .where('a.transaction_id', 'in', ids)
        .where('r.status', '=', 'REGISTERED')
        .orderBy('a.transaction_id')
        .execute();
      return [...new Set(rows.map((row) => String(row.transaction_id)))];
    },

    /** The transactions of a process with these ids, locked for the request. */
    async findForUpdate(executor: DbExecutor, processId: number, ids: string[]) {
      return executor
        .selectFrom('recon_transactions')
        .select(['transaction_id', 'created_at', 'match_status', 'settlement_status', 'score'])
        .where('process_id', '=', processId)
        .where('transaction_id', 'in', ids)
        .orderBy('transaction_id')
        .forUpdate()
        .execute();
    },

    async insertActionSet(executor: DbExecutor, actionId: string, ids: string[]): Promise<void> {
      await executor
        .insertInto('recon_action_transactions')
        .values(ids.map((id) => ({ action_id: actionId, transaction_id: id })))
        .execute();
    },

    /**
     * Locks an action's set and counts how many of it the action may still change, and how many
     * another action has changed since this one was requested.
     */
    async lockActionSet(
      executor: DbExecutor,
      action: { actionId: string; requestedAt: Date },
      type: TransactionAction,
    ) {
      const locked = await sql<{ total: string | number; allowed: string | number }>`
        with locked as (
          select t.* from recon_transactions t
          join recon_action_transactions a on a.transaction_id = t.transaction_id
          where a.action_id = ${action.actionId}
          for update of t
        )
        select count(*) as total, count(*) filter (where ${ALLOWED_FOR[type]}) as allowed from locked t`.execute(
        executor,
      );
      // A statement of its own, after the lock: one that waited for another approval's lock reads
      // that approval as it committed (within the locking statement it would still be pending).
      const overtaken = await sql<{ total: string | number }>`
        select count(*) as total from recon_action_transactions a
        where a.action_id = ${action.actionId} and exists (
          select 1 from recon_action_transactions o join recon_actions r on r.action_id = o.action_id
          where o.transaction_id = a.transaction_id and o.action_id <> ${action.actionId}
            and r.status = 'SUCCESS' and r.reviewed_at >= ${action.requestedAt}
        )`.execute(executor);
      const row = locked.rows[0];
      return {
        total: Number(row?.total ?? 0),
        allowed: Number(row?.allowed ?? 0),
        overtaken: Number(overtaken.rows[0]?.total ?? 0),
      };
    },

    /** Applies an approved action to its set in one statement. */
    async applyAction(
      executor: DbExecutor,
      actionId: string,
      action: TransactionAction,
      partyId: number | null,
    ): Promise<number> {
      const set =
        action === 'reject'
          ? sql`match_status = 'REJECTED', settlement_status = 'ISSUE', decision = 'REJECTED', settlement_run_id = null`
          : action === 'accept'
            ? sql`match_status = 'MATCHED', settlement_status = 'PENDING', score = 100, decision = 'ACCEPTED'`
            : sql`match_status = 'MATCHED', settlement_status = 'PENDING', score = 100, decision = 'RESOLVED',
                resolved_party_id = ${partyId}`;
      const result = await sql`
        update recon_transactions t set ${set}
        from recon_action_transactions a
        where a.action_id = ${actionId} and a.transaction_id = t.transaction_id`.execute(executor);
      if (action === 'resolve') {
        // The named party's record now gives the values the grid shows and filters.
        await refreshValues(
          executor,
          sql`select t.transaction_id, t.process_id, t.match_key, t.resolved_party_id
            from recon_action_transactions a join recon_transactions t on t.transaction_id = a.transaction_id
            where a.action_id = ${actionId}`,
        );
      }
      return Number(result.numAffectedRows ?? 0);
    },

    /** A page of an action's fixed set, in id order, with the records. */
    async actionSetPage(executor: DbExecutor, actionId: string, page: { offset: number; limit: number }) {
      const rows = await sql<ResultRowWithRecords>`
        select t.transaction_id, t.match_key, t.created_at, t.match_status, t.settlement_status, t.score,
          t.resolved_party_id, ${RECORDS_OF_T} as records
        from recon_action_transactions a join recon_transactions t on t.transaction_id = a.transaction_id
        where a.action_id = ${actionId}
        order by t.transaction_id
        limit ${page.limit} offset ${page.offset}`.execute(executor);
      const count = await executor
        .selectFrom('recon_action_transactions')
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .where('action_id', '=', actionId)
        .executeTakeFirstOrThrow();
      return { rows: rows.rows, total: Number(count.total) };
    },
  };
}

export type ResultsRepository = ReturnType<typeof createResultsRepository>;
