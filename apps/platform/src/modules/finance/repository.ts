import { sql, type RawBuilder } from 'kysely';
import type { ActionType, AuditStatus, FileStatus, ProcessField } from '@web-control/contract/finance';
import { LATEST_YEAR } from '@web-control/contract/inputs';
import type { DbExecutor } from '../../db/schema.ts';
import type { ReconActionRow, ReconFileRow } from './table.ts';

export interface ProcessDefinitionRow {
  id: number;
  name: string;
  displayName: string;
  parties: Array<{ id: number; name: string; filePattern: string; columns: Record<string, string> }>;
  fields: ProcessField[];
}

export interface NewRecord {
  fileId: number;
  processId: number;
  partyId: number;
  matchKey: string;
  compareValues: string[];
  fields: Record<string, string>;
}

export interface Page {
  offset: number;
  limit: number;
}

const INSERT_BATCH = 1000;
const RECORD_BATCH = 10_000;

export type FileSummary = Omit<ReconFileRow, 'content'>;

/** Every column of a file but its content. */
const FILE_SUMMARY_COLUMNS = [
  'file_id',
  'process_id',
  'party_id',
  'file_name',
  'sha256',
  'status',
  'records',
  'exceptions',
  'created_at',
  'loaded_at',
  'load_error',
  'load_attempts',
] as const;

/**
 * Rewrites the field values of the transactions `transactions` selects (transaction_id,
 * process_id, match_key, resolved_party_id): each field's value is the resolved party's, else the
 * first party's that has it. Migration 0014 backfills the same way.
 * Only the rows that differ are written: a re-match mostly leaves the values as they were, and
 * rewriting every row (five indexes each) was most of a large load's time. Each transaction's
 * records are read once, in priority order, rather than once per field, and its values by its id
 * (a join hashed the whole values table). A process's fields never change once it exists, so every
 * transaction already has a row for each of them or none.
 */
export async function refreshValues(executor: DbExecutor, transactions: RawBuilder<unknown>): Promise<void> {
  // One row per transaction and field, null when no party has a value: sorts join it inner.
  await sql`
    with t as materialized (${transactions}),
    wanted as materialized (
      select t.transaction_id, t.process_id, f.name as field,
        case when f.type = 'TEXT' then x.value end collate "C" as text_value,
        case when f.type = 'INTEGRAL' then x.value::numeric end as number_value,
        case when f.type = 'DATETIME' then x.value::timestamptz end as time_value
      from t
      cross join lateral (
        select array_agg(r.fields order by (r.party_id = t.resolved_party_id) desc nulls last, r.party_id, r.record_id)
          as fields
        from recon_records r where r.process_id = t.process_id and r.match_key = t.match_key
      ) own
      join recon_fields f on f.process_id = t.process_id
      left join lateral (
        select e.fields ->> f.name as value from unnest(own.fields) with ordinality as e(fields, n)
        where coalesce(e.fields ->> f.name, '') <> ''
        order by e.n
        limit 1
      ) x on true
    ),
    existing as materialized (
      select v.* from t
      cross join lateral (
        select * from recon_transaction_values v where v.transaction_id = t.transaction_id offset 0
      ) v
    )
    insert into recon_transaction_values (transaction_id, process_id, field, text_value, number_value, time_value)
    select w.transaction_id, w.process_id, w.field, w.text_value, w.number_value, w.time_value
    from wanted w
    left join existing e on e.transaction_id = w.transaction_id and e.field = w.field
    where e.transaction_id is null
      or (e.process_id, e.text_value, e.number_value, e.time_value)
        is distinct from (w.process_id, w.text_value, w.number_value, w.time_value)
    on conflict (transaction_id, field) do update set
      process_id = excluded.process_id,
      text_value = excluded.text_value,
      number_value = excluded.number_value,
      time_value = excluded.time_value
  `.execute(executor);
}

interface AuditFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  username?: string | undefined;
  type?: ActionType | undefined;
  status?: AuditStatus | undefined;
}

/** The first of a UTC month; setUTCFullYear, since Date.UTC reads the years 0 to 99 as 1900 to 1999. */
function monthStart(year: number, monthIndex: number): Date {
  const start = new Date(0);
  start.setUTCFullYear(year, monthIndex, 1);
  return start;
}
const startOfMonth = (at: Date) => monthStart(at.getUTCFullYear(), at.getUTCMonth());
const nextMonth = (month: Date) => monthStart(month.getUTCFullYear(), month.getUTCMonth() + 1);

/**
 * The audit log's exact total: the whole UTC months of the range from the counts migration 0020
 * keeps, and the entries of the part months at its ends (at most a month each) counted one by one.
 */
async function countAudits(executor: DbExecutor, filter: AuditFilter): Promise<number> {
  const { from, to } = filter;
  // Whole months are [firstMonth, endMonth): the first starting at or after `from`, the last
  // ending at or before `to` (every entry of month M is before nextMonth(M), and `to` is inclusive).
  const firstMonth = from === undefined ? undefined : startOfMonth(from) < from ? nextMonth(from) : from;
  const endMonth = to === undefined ? undefined : startOfMonth(to);
  // A range starting in December 9999 has no whole month: the next would be 10000-01, beyond the
  // supported years (PGlite cannot even send it as a parameter).
  const beyondLatest = firstMonth !== undefined && firstMonth.getUTCFullYear() > LATEST_YEAR;
  const wholeMonths =
    !beyondLatest && (firstMonth === undefined || endMonth === undefined || firstMonth < endMonth);
  const dimensions = (alias: string) => {
    const conditions: Array<RawBuilder<unknown>> = [sql`true`];
    const column = (name: string) => sql.ref(`${alias}.${name}`);
    if (filter.username !== undefined) conditions.push(sql`${column('username')} = ${filter.username}`);
    if (filter.type !== undefined) conditions.push(sql`${column('type')} = ${filter.type}`);
    if (filter.status !== undefined) conditions.push(sql`${column('status')} = ${filter.status}`);
    return sql.join(conditions, sql` and `);
  };
  const entriesBetween = async (start: Date | undefined, endBefore: Date | undefined) => {
    const conditions = [dimensions('a')];
    if (start !== undefined) conditions.push(sql`a.audit_date >= ${start}`);
    if (endBefore !== undefined) conditions.push(sql`a.audit_date < ${endBefore}`);
    if (to !== undefined) conditions.push(sql`a.audit_date <= ${to}`);
    const result = await sql<{ total: string | number }>`
      select count(*) as total from recon_audits a where ${sql.join(conditions, sql` and `)}`.execute(
      executor,
    );
    return Number(result.rows[0]?.total ?? 0);
  };
  if (!wholeMonths) {
    return entriesBetween(from, undefined);
  }
  const months = [dimensions('c')];
  if (firstMonth !== undefined) months.push(sql`c.month >= ${firstMonth.toISOString().slice(0, 10)}`);
  if (endMonth !== undefined) months.push(sql`c.month < ${endMonth.toISOString().slice(0, 10)}`);
  const whole = await sql<{ total: string | number }>`
    select coalesce(sum(c.total), 0) as total from recon_audit_counts c
    where ${sql.join(months, sql` and `)}`.execute(executor);
  const before = firstMonth === undefined || from === undefined ? 0 : await entriesBetween(from, firstMonth);
  const after = endMonth === undefined ? 0 : await entriesBetween(endMonth, undefined);
  return Number(whole.rows[0]?.total ?? 0) + before + after;
}

export function createFinanceRepository() {
  async function definitionsOf(executor: DbExecutor, ids: number[]): Promise<ProcessDefinitionRow[]> {
    if (ids.length === 0) {
      return [];
    }
    const processes = await executor
      .selectFrom('recon_processes')
      .selectAll()
      .where('process_id', 'in', ids)
      .orderBy('process_id')
      .execute();
    const parties = await executor
      .selectFrom('recon_parties')
      .selectAll()
      .where('process_id', 'in', ids)
      .orderBy('party_id')
      .execute();
    const fields = await executor
      .selectFrom('recon_fields')
      .selectAll()
      .where('process_id', 'in', ids)
      .orderBy('position')
      .execute();
    return processes.map((process) => ({
      id: process.process_id,
      name: process.name,
      displayName: process.display_name,
      parties: parties
        .filter((party) => party.process_id === process.process_id)
        .map((party) => ({
          id: party.party_id,
          name: party.name,
          filePattern: party.file_pattern,
          columns: party.columns,
        })),
      fields: fields
        .filter((field) => field.process_id === process.process_id)
        .map((field) => ({
          name: field.name,
          displayName: field.display_name,
          type: field.type,
          reconcilable: field.reconcilable,
          key: field.is_key,
          money: field.is_money ? { currencyField: field.currency_field } : null,
        })),
    }));
  }

  return {
    definitionsOf,

    async allProcessIds(executor: DbExecutor): Promise<number[]> {
      const rows = await executor
        .selectFrom('recon_processes')
        .select('process_id')
        .orderBy('process_id')
        .execute();
      return rows.map((row) => row.process_id);
    },

    async listProcessIds(executor: DbExecutor, page: Page): Promise<{ ids: number[]; total: number }> {
      const rows = await executor
        .selectFrom('recon_processes')
        .select('process_id')
        .orderBy('process_id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const count = await executor
        .selectFrom('recon_processes')
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .executeTakeFirstOrThrow();
      return { ids: rows.map((row) => row.process_id), total: Number(count.total) };
    },

    /** Per process: pending actions, files in ERROR, ISSUE transactions, and today's parties with a file. */
    async pillCounts(executor: DbExecutor, ids: number[], startOfDay: Date) {
      if (ids.length === 0) {
        return [];
      }
      const result = await sql<{
        process_id: number;
        pending: string | number;
        errors: string | number;
        issues: string | number;
        arrived: string | number;
      }>`
        select p.process_id,
          (select count(*) from recon_actions a
            where a.process_id = p.process_id and a.status = 'REGISTERED' and a.reviewed_at is null) as pending,
          (select count(*) from recon_files f where f.process_id = p.process_id and f.status = 'ERROR') as errors,
          (select count(*) from recon_transactions t
            where t.process_id = p.process_id and t.settlement_status = 'ISSUE'
              and t.match_status <> 'REJECTED') as issues,
          (select count(distinct f.party_id) from recon_files f
            where f.process_id = p.process_id and f.created_at >= ${startOfDay}) as arrived
        from recon_processes p
        where p.process_id in (${sql.join(ids)})
      `.execute(executor);
      return result.rows.map((row) => ({
        processId: row.process_id,
        pending: Number(row.pending),
        errors: Number(row.errors),
        issues: Number(row.issues),
        arrived: Number(row.arrived),
      }));
    },

    async fileSources(executor: DbExecutor, processId: number, since: Date) {
      return executor
        .selectFrom('recon_files')
        .select((eb) => [
          'party_id',
          eb.fn.max('created_at').as('last_upload'),
          eb.fn.coalesce(eb.fn.sum<string | number>('records'), sql<number>`0`).as('records'),
          eb.fn.coalesce(eb.fn.sum<string | number>('exceptions'), sql<number>`0`).as('exceptions'),
        ])
        .where('process_id', '=', processId)
        .where('created_at', '>=', since)
        .groupBy('party_id')
        .execute();
    },

    async reconStats(executor: DbExecutor, processId: number, since: Date) {
      const row = await executor
        .selectFrom('recon_transactions')
        .select((eb) => [
          eb.fn
            .countAll<string | number>()
            .filterWhere('match_status', '=', 'MATCHED')
            .filterWhere('score', '=', 100)
            .as('matched'),
          eb.fn.countAll<string | number>().filterWhere('match_status', '=', 'UNMATCHED').as('unmatched'),
          eb.fn
            .countAll<string | number>()
            .filterWhere('match_status', '=', 'MATCHED')
            .filterWhere('score', '<', 100)
            .as('partial'),
          eb.fn.countAll<string | number>().filterWhere('match_status', '=', 'REJECTED').as('rejected'),
        ])
        .where('process_id', '=', processId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return {
        matched: Number(row.matched),
        unmatched: Number(row.unmatched),
        partial: Number(row.partial),
        rejected: Number(row.rejected),
      };
    },

    /** A day's transactions by status: the daily recon summary. */
    async reconStatsBetween(executor: DbExecutor, processId: number, from: Date, to: Date) {
      const result = await sql<Record<string, string | number>>`
        select
          count(*) filter (where match_status = 'MATCHED' and score = 100) as matched,
          count(*) filter (where match_status = 'MATCHED' and score < 100) as partial,
          count(*) filter (where match_status = 'UNMATCHED') as unmatched,
          count(*) filter (where match_status = 'REJECTED') as rejected,
          count(*) filter (where settlement_status = 'PENDING') as pending,
          count(*) filter (where settlement_status = 'ISSUE' and match_status <> 'REJECTED') as issue,
          count(*) filter (where settlement_status = 'SETTLED') as settled
        from recon_transactions
        where process_id = ${processId} and created_at >= ${from} and created_at < ${to}`.execute(executor);
      const row = result.rows[0] ?? {};
      const count = (name: string) => Number(row[name] ?? 0);
      return {
        matched: count('matched'),
        partial: count('partial'),
        unmatched: count('unmatched'),
        rejected: count('rejected'),
        pending: count('pending'),
        issue: count('issue'),
        settled: count('settled'),
      };
    },

    async insertFile(
      executor: DbExecutor,
      file: {
        processId: number;
        partyId: number;
        fileName: string;
        sha256: string;
        content: Buffer;
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
          content: file.content,
          status: file.status ?? 'REGISTERED',
          records: null,
          exceptions: null,
          created_at: file.createdAt,
        })
        .returning('file_id')
        .executeTakeFirstOrThrow();
      return row.file_id;
    },

    async hasFile(executor: DbExecutor, processIds: number[], sha256: string): Promise<boolean> {
      const row = await executor
        .selectFrom('recon_files')
        .select('file_id')
        .where('process_id', 'in', processIds)
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      return row !== undefined;
    },

    findFile(executor: DbExecutor, fileId: number): Promise<ReconFileRow | undefined> {
      return executor.selectFrom('recon_files').selectAll().where('file_id', '=', fileId).executeTakeFirst();
    },

    /** Locks the file row for the change; without its content, which a lock never needs. */
    findFileForUpdate(executor: DbExecutor, fileId: number): Promise<FileSummary | undefined> {
      return executor
        .selectFrom('recon_files')
        .select(FILE_SUMMARY_COLUMNS)
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
        .set({ status: 'FILTER', load_error: null, load_attempts: 0 })
        .where('file_id', '=', fileId)
        .execute();
    },

    /** Counts a load's start (committed before it runs); undefined when the file is not in FILTER. */
    async countLoadAttempt(executor: DbExecutor, fileId: number): Promise<number | undefined> {
      const row = await executor
        .updateTable('recon_files')
        .set((eb) => ({ load_attempts: eb('load_attempts', '+', 1) }))
        .where('file_id', '=', fileId)
        .where('status', '=', 'FILTER')
        .returning('load_attempts')
        .executeTakeFirst();
      return row?.load_attempts;
    },

    /**
     * Files still in FILTER whose load was approved before the given time: their load never
     * committed (the instance died or the load failed), so they are loaded again.
     */
    async stalledLoads(executor: DbExecutor, approvedBefore: Date): Promise<number[]> {
      const rows = await executor
        .selectFrom('recon_files as f')
        .innerJoin('recon_actions as a', 'a.file_id', 'f.file_id')
        .select('f.file_id')
        .where('f.status', '=', 'FILTER')
        .where('a.status', '=', 'REGISTERED')
        .where('a.reviewed_at', '<', approvedBefore)
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
    ): Promise<{ rows: Array<FileSummary & { party_name: string }>; total: number }> {
      let files = executor.selectFrom('recon_files');
      if (filter.processIds !== undefined) {
        files = files.where('process_id', 'in', filter.processIds.length > 0 ? filter.processIds : [0]);
      }
      const page = files
        .select(FILE_SUMMARY_COLUMNS)
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
        .orderBy('f.created_at', 'desc')
        .orderBy('f.file_id', 'desc')
        .execute();
      const count = await files
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(count.total) };
    },

    async insertExceptions(
      executor: DbExecutor,
      fileId: number,
      exceptions: Array<{ line: number; reason: string; raw: string }>,
    ): Promise<void> {
      for (let start = 0; start < exceptions.length; start += INSERT_BATCH) {
        await executor
          .insertInto('recon_exceptions')
          .values(exceptions.slice(start, start + INSERT_BATCH).map((item) => ({ file_id: fileId, ...item })))
          .execute();
      }
    },

    async deleteExceptions(executor: DbExecutor, fileId: number): Promise<void> {
      await executor.deleteFrom('recon_exceptions').where('file_id', '=', fileId).execute();
    },

    exceptionsOf(executor: DbExecutor, fileId: number) {
      return executor
        .selectFrom('recon_exceptions')
        .select(['line', 'reason', 'raw'])
        .where('file_id', '=', fileId)
        .orderBy('line')
        .execute();
    },

    /**
     * Stores records RECORD_BATCH at a time, each batch one statement with one JSON parameter
     * the database unpacks: a multi-row VALUES list costs six bound parameters a record.
     */
    async insertRecords(executor: DbExecutor, records: NewRecord[]): Promise<void> {
      for (let start = 0; start < records.length; start += RECORD_BATCH) {
        const batch = JSON.stringify(
          records
            .slice(start, start + RECORD_BATCH)
            .map((record) => [
              record.fileId,
              record.processId,
              record.partyId,
              record.matchKey,
              record.compareValues,
              record.fields,
            ]),
        );
        await sql`
          insert into recon_records (file_id, process_id, party_id, match_key, compare_values, fields)
          select (r->>0)::integer, (r->>1)::integer, (r->>2)::integer, r->>3,
            array(select v from jsonb_array_elements_text(r->4) with ordinality as e(v, n) order by n), r->5
          from jsonb_array_elements(cast(${batch} as jsonb)) as r
        `.execute(executor);
      }
    },

    /** Removes a file's records and gives the keys they had, for re-matching. */
    async deleteRecordsOf(executor: DbExecutor, fileId: number): Promise<string[]> {
      const rows = await executor
        .deleteFrom('recon_records')
        .where('file_id', '=', fileId)
        .returning('match_key')
        .execute();
      return [...new Set(rows.map((row) => row.match_key))];
    },

    async keysOf(executor: DbExecutor, fileId: number): Promise<string[]> {
      const rows = await executor
        .selectFrom('recon_records')
        .select('match_key')
        .distinct()
        .where('file_id', '=', fileId)
        .execute();
      return rows.map((row) => row.match_key);
    },

    /**
     * Re-matches the given keys of a process: an upsert of one transaction per key that still has
     * records, then the removal of those whose records are all gone. All parties present: MATCHED,
     * scored by how far the parties agree on each compared field; otherwise UNMATCHED. Each key's
     * records are looked up on (process_id, match_key) one key at a time (a LATERAL subquery the
     * planner cannot flatten), so the work follows the keys touched, never the process's size: a
     * key list as a filter or a join lets the planner scan every record of the process.
     * Only `mayBeGone` (by default every key) can have lost all its records: a caller that has just
     * inserted records for the other keys spares their lookup.
     */
    async rematch(
      executor: DbExecutor,
      processId: number,
      partyCount: number,
      keys: string[],
      now: Date,
      mayBeGone: string[] = keys,
    ) {
      if (keys.length === 0) {
        return;
      }
      // A large load sorts and hashes a few rows per key: in memory rather than spilled to disk.
      await sql`set local work_mem = '64MB'`.execute(executor);
      const touchedKeys = sql`select distinct k.match_key from unnest(cast(${keys} as text[])) as k(match_key)`;
      await sql`
        with touched as materialized (
          select r.match_key, r.party_id, r.compare_values
          from (${touchedKeys}) k
          cross join lateral (
            select match_key, party_id, compare_values from recon_records
            where process_id = ${processId} and match_key = k.match_key
            offset 0
          ) r
        ),
        grouped as (
          select match_key, count(*) as parties
          from (select distinct match_key, party_id from touched) parties
          group by match_key
        ),
        votes as (
          select t.match_key, v.position, v.value, count(*) as n
          from touched t
          cross join lateral unnest(t.compare_values) with ordinality as v(value, position)
          group by t.match_key, v.position, v.value
        ),
        shares as (
          select match_key, position, max(n)::numeric / sum(n) as share
          from votes
          group by match_key, position
        ),
        scores as (
          select match_key, floor(100 * avg(share))::integer as score from shares group by match_key
        )
        insert into recon_transactions
          (process_id, match_key, created_at, match_status, settlement_status, score)
        select cast(${processId} as integer), g.match_key, cast(${now} as timestamptz),
          case when g.parties = cast(${partyCount} as integer) then 'MATCHED' else 'UNMATCHED' end,
          case when g.parties = cast(${partyCount} as integer) and coalesce(s.score, 100) = 100
            then 'PENDING' else 'ISSUE' end,
          case when g.parties = cast(${partyCount} as integer) then coalesce(s.score, 100) else 0 end
        from grouped g
        left join scores s on s.match_key = g.match_key
        on conflict (process_id, match_key) do update set
          match_status = excluded.match_status,
          settlement_status = excluded.settlement_status,
          score = excluded.score,
          settlement_run_id = case when excluded.settlement_status = 'PENDING'
            then recon_transactions.settlement_run_id end
        where recon_transactions.decision is null and recon_transactions.settlement_status <> 'SETTLED'
          -- An unchanged row is left alone: rewriting it costs every index an entry.
          and (recon_transactions.match_status, recon_transactions.settlement_status, recon_transactions.score,
            recon_transactions.settlement_run_id)
            is distinct from (excluded.match_status, excluded.settlement_status, excluded.score,
              case when excluded.settlement_status = 'PENDING' then recon_transactions.settlement_run_id end)
      `.execute(executor);
      const gone =
        mayBeGone.length === 0
          ? []
          : await sql<{ match_key: string }>`
              select k.match_key
              from (select distinct k.match_key from unnest(cast(${mayBeGone} as text[])) as k(match_key)) k
              left join lateral (
                select 1 as found from recon_records
                where process_id = ${processId} and match_key = k.match_key
                limit 1
              ) r on true
              where r.found is null
            `
              .execute(executor)
              .then((result) => result.rows.map((row) => row.match_key));
      if (gone.length > 0) {
        await sql`
          delete from recon_transactions
          where process_id = ${processId} and match_key = any(cast(${gone} as text[]))
            and settlement_status <> 'SETTLED'
        `.execute(executor);
      }
      // Each key's transaction looked up on its own, as the records above: a key list as a filter
      // reads every transaction of the process.
      await refreshValues(
        executor,
        sql`select t.transaction_id, t.process_id, t.match_key, t.resolved_party_id
          from (${touchedKeys}) k
          cross join lateral (
            select transaction_id, process_id, match_key, resolved_party_id from recon_transactions
            where process_id = ${processId} and match_key = k.match_key
            offset 0
          ) t`,
      );
    },

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
        .set({ status: decision.status, reviewer_username: decision.reviewer, reviewed_at: decision.at })
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
      filter: Page & { state: 'pending' | 'approved' | 'rejected'; processIds: number[] | undefined },
    ): Promise<{ rows: Array<ReconActionRow & { process_name: string }>; total: number }> {
      let query = executor
        .selectFrom('recon_actions as a')
        .innerJoin('recon_processes as p', 'p.process_id', 'a.process_id');
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
      const rows = await query
        .selectAll('a')
        .select('p.display_name as process_name')
        .orderBy('a.created_at')
        .orderBy('a.action_id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
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

    async insertAudit(
      executor: DbExecutor,
      audit: {
        actionId: string;
        processId: number;
        at: Date;
        username: string;
        reviewer: string | null;
        type: ActionType;
        status: AuditStatus;
      },
    ): Promise<void> {
      await executor
        .insertInto('recon_audits')
        .values({
          action_id: audit.actionId,
          process_id: audit.processId,
          audit_date: audit.at,
          username: audit.username,
          reviewer_username: audit.reviewer,
          type: audit.type,
          status: audit.status,
        })
        .execute();
    },

    async listAudits(executor: DbExecutor, filter: Page & AuditFilter) {
      let query = executor.selectFrom('recon_audits');
      if (filter.from !== undefined) {
        query = query.where('audit_date', '>=', filter.from);
      }
      if (filter.to !== undefined) {
        query = query.where('audit_date', '<=', filter.to);
      }
      if (filter.username !== undefined) {
        query = query.where('username', '=', filter.username);
      }
      if (filter.type !== undefined) {
        query = query.where('type', '=', filter.type);
      }
      if (filter.status !== undefined) {
        query = query.where('status', '=', filter.status);
      }
      const rows = await query
        .selectAll()
        .orderBy('audit_date', 'desc')
        .orderBy('audit_id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      return { rows, total: await countAudits(executor, filter) };
    },

    async insertDownloadToken(
      executor: DbExecutor,
      token: {
        tokenHash: string;
        userId: string;
        fileId: number | null;
        extractId: number | null;
        expiresAt: Date;
      },
    ): Promise<void> {
      await executor
        .insertInto('recon_download_tokens')
        .values({
          token_hash: token.tokenHash,
          user_id: token.userId,
          file_id: token.fileId,
          extract_id: token.extractId,
          expires_at: token.expiresAt,
        })
        .execute();
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

    async hasAnyFile(executor: DbExecutor): Promise<boolean> {
      const row = await executor.selectFrom('recon_files').select('file_id').limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async hasFileNamed(executor: DbExecutor, processId: number, fileName: string): Promise<boolean> {
      const row = await executor
        .selectFrom('recon_files')
        .select('file_id')
        .where('process_id', '=', processId)
        .where('file_name', '=', fileName)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async purgeExpiredDownloadTokens(executor: DbExecutor, now: Date): Promise<number> {
      const result = await executor
        .deleteFrom('recon_download_tokens')
        .where('expires_at', '<', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Spends a token in one DELETE: of two racing downloads only one gets the row. */
    async spendDownloadToken(executor: DbExecutor, tokenHash: string, now: Date) {
      await executor.deleteFrom('recon_download_tokens').where('expires_at', '<', now).execute();
      return executor
        .deleteFrom('recon_download_tokens')
        .where('token_hash', '=', tokenHash)
        .returning(['user_id', 'file_id', 'extract_id', 'expires_at'])
        .executeTakeFirst();
    },
  };
}

export type FinanceRepository = ReturnType<typeof createFinanceRepository>;
