import { sql } from 'kysely';
import type { ProcessField } from '@web-control/contract/finance';
import type { DbExecutor } from '../../db/schema.ts';

export interface ProcessDefinitionRow {
  id: number;
  name: string;
  displayName: string;
  parties: Array<{ id: number; name: string; filePattern: string; columns: Record<string, string> }>;
  fields: ProcessField[];
}

export interface Page {
  offset: number;
  limit: number;
}

/** Processes, their parties and fields, and the counts their overview and snapshot show. */
export function createProcessRepository() {
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

    /** A process's display name alone, or undefined when there is no such process. */
    async displayNameOf(executor: DbExecutor, id: number): Promise<string | undefined> {
      const row = await executor
        .selectFrom('recon_processes')
        .select('display_name')
        .where('process_id', '=', id)
        .executeTakeFirst();
      return row?.display_name;
    },

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
  };
}

export type ProcessRepository = ReturnType<typeof createProcessRepository>;
