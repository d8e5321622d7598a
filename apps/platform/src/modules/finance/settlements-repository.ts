import { sql } from 'kysely';
import type { DbExecutor } from '../../db/schema.ts';

/** The field of a process that holds a record's amount (minor units) and its currency. */
export const SETTLEMENT_AMOUNT_FIELD = 'amount';
export const SETTLEMENT_CURRENCY_FIELD = 'currency';
/** The currency of a process whose records name none. */
export const SETTLEMENT_DEFAULT_CURRENCY = 'ZAR';
/** The feeds' amounts are in minor units; aggregates are in the major unit. */
export const MINOR_UNITS = 100;

export interface RunRow {
  run_id: number;
  process_id: number;
  business_date: Date | string;
  status: 'OPEN' | 'CLOSED';
  start_date: Date;
  end_date: Date | null;
  transaction_count: string | number;
}

const RUN_COLUMNS = sql`r.run_id, r.process_id, r.business_date, r.status, r.start_date, r.end_date,
  coalesce(r.transaction_count,
    (select count(*) from recon_transactions t where t.settlement_run_id = r.run_id)) as transaction_count`;

export interface RunsFilter {
  processId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** One run by its id (the screen's Settlement ID search). */
  runId?: number | undefined;
}

function runsWhere(filter: RunsFilter) {
  const conditions = [sql`true`];
  if (filter.processId !== undefined) conditions.push(sql`r.process_id = ${filter.processId}`);
  if (filter.from !== undefined) conditions.push(sql`r.start_date >= ${filter.from}`);
  if (filter.to !== undefined) conditions.push(sql`r.start_date <= ${filter.to}`);
  if (filter.runId !== undefined) conditions.push(sql`r.run_id = ${filter.runId}`);
  return sql.join(conditions, sql` and `);
}

/** Every run of the filter, newest first: the list pages it, the export reads it whole. */
export function runsQuery(filter: RunsFilter) {
  return sql<RunRow>`select ${RUN_COLUMNS} from recon_settlement_runs r where ${runsWhere(filter)}
    order by r.start_date desc, r.run_id desc`;
}

export function createSettlementsRepository() {
  return {
    /** Today's run of each process, OPEN, unless it exists. */
    async ensureRun(executor: DbExecutor, processId: number, day: string, at: Date): Promise<void> {
      await executor
        .insertInto('recon_settlement_runs')
        .values({ process_id: processId, business_date: day, status: 'OPEN', start_date: at })
        .onConflict((conflict) => conflict.columns(['process_id', 'business_date']).doNothing())
        .execute();
    },

    /**
     * Adds up to `limit` of the process's matched PENDING transactions that have no run to the
     * day's OPEN run; gives how many it added, so the caller repeats until fewer come back.
     */
    async addPending(
      executor: DbExecutor,
      processId: number,
      day: string,
      limit: number,
      /** Only transactions with a record of a file that arrived in this window (the demo's history). */
      arrived?: { from: Date; to: Date },
    ): Promise<number> {
      const result = await sql`
        update recon_transactions t set settlement_run_id = r.run_id
        from recon_settlement_runs r
        where r.process_id = ${processId} and r.business_date = cast(${day} as date) and r.status = 'OPEN'
          and t.transaction_id in (
            select p.transaction_id from recon_transactions p
            where p.process_id = ${processId} and p.match_status = 'MATCHED'
              and p.settlement_status = 'PENDING' and p.settlement_run_id is null
              ${
                arrived === undefined
                  ? sql``
                  : sql`and exists (select 1 from recon_records rr join recon_files f on f.file_id = rr.file_id
                      where rr.process_id = p.process_id and rr.match_key = p.match_key
                        and f.created_at >= ${arrived.from} and f.created_at < ${arrived.to})`
              }
            order by p.transaction_id
            limit ${limit}
            for update skip locked
          )`.execute(executor);
      return Number(result.numAffectedRows ?? 0);
    },

    async findRun(executor: DbExecutor, runId: number): Promise<RunRow | undefined> {
      const result = await sql<RunRow>`select ${RUN_COLUMNS} from recon_settlement_runs r
        where r.run_id = ${runId}`.execute(executor);
      return result.rows[0];
    },

    async listRuns(
      executor: DbExecutor,
      filter: RunsFilter & { offset: number; limit: number },
    ): Promise<{ rows: RunRow[]; total: number }> {
      const rows =
        await sql<RunRow>`${runsQuery(filter)} limit ${filter.limit} offset ${filter.offset}`.execute(
          executor,
        );
      const count = await sql<{ total: string | number }>`select count(*) as total
        from recon_settlement_runs r where ${runsWhere(filter)}`.execute(executor);
      return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
    },

    /** Closes an OPEN run: of two racing closes only one gets the row. */
    async closeRun(executor: DbExecutor, runId: number, at: Date, by: string) {
      return executor
        .updateTable('recon_settlement_runs')
        .set({ status: 'CLOSED', end_date: at, closed_by: by })
        .where('run_id', '=', runId)
        .where('status', '=', 'OPEN')
        .returning(['run_id', 'process_id', 'business_date', 'start_date'])
        .executeTakeFirst();
    },

    /**
     * Per party and currency, the sum of each party's (first) record's amount; then per currency the
     * total of the transactions' own values (the resolved party's where one was named).
     */
    async computeAggregates(executor: DbExecutor, runId: number) {
      const parties = await sql<{
        name: string;
        currency: string;
        amount: string;
        transactions: string | number;
      }>`
        select p.name, x.currency, sum(x.amount) as amount, count(*) as transactions
        from (
          select distinct on (t.transaction_id, r.party_id) r.process_id, r.party_id,
            coalesce(nullif(r.fields ->> ${SETTLEMENT_CURRENCY_FIELD}, ''), ${SETTLEMENT_DEFAULT_CURRENCY}) as currency,
            coalesce((nullif(r.fields ->> ${SETTLEMENT_AMOUNT_FIELD}, ''))::numeric, 0) as amount
          from recon_transactions t
          join recon_records r on r.process_id = t.process_id and r.match_key = t.match_key
          where t.settlement_run_id = ${runId}
          order by t.transaction_id, r.party_id, r.record_id
        ) x
        join recon_parties p on p.process_id = x.process_id and p.party_id = x.party_id
        group by x.party_id, p.name, x.currency
        order by x.party_id, x.currency`.execute(executor);
      const totals = await sql<{ currency: string; amount: string; transactions: string | number }>`
        select coalesce(c.text_value, ${SETTLEMENT_DEFAULT_CURRENCY}) as currency,
          sum(coalesce(a.number_value, 0)) as amount, count(*) as transactions
        from recon_transactions t
        left join recon_transaction_values a
          on a.transaction_id = t.transaction_id and a.field = ${SETTLEMENT_AMOUNT_FIELD}
        left join recon_transaction_values c
          on c.transaction_id = t.transaction_id and c.field = ${SETTLEMENT_CURRENCY_FIELD}
        where t.settlement_run_id = ${runId}
        group by 1 order by 1`.execute(executor);
      return { parties: parties.rows, totals: totals.rows };
    },

    async insertAggregates(
      executor: DbExecutor,
      runId: number,
      aggregates: Array<{ name: string; currency: string; amount: number; transactionCount: number }>,
    ): Promise<void> {
      if (aggregates.length === 0) return;
      await executor
        .insertInto('recon_settlement_aggregates')
        .values(
          aggregates.map((item, position) => ({
            run_id: runId,
            position,
            name: item.name,
            currency: item.currency,
            amount: item.amount,
            transaction_count: item.transactionCount,
          })),
        )
        .execute();
    },

    aggregatesOf(executor: DbExecutor, runId: number) {
      return executor
        .selectFrom('recon_settlement_aggregates')
        .select(['name', 'currency', 'amount', 'transaction_count'])
        .where('run_id', '=', runId)
        .orderBy('position')
        .execute();
    },

    /** Marks the run's transactions SETTLED; gives how many. */
    async settle(executor: DbExecutor, runId: number): Promise<number> {
      const result = await executor
        .updateTable('recon_transactions')
        .set({ settlement_status: 'SETTLED' })
        .where('settlement_run_id', '=', runId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The report's transaction lines: id, key, currency and amount of each. */
    async reportLines(executor: DbExecutor, runId: number) {
      const result = await sql<{
        transaction_id: string | number;
        match_key: string;
        currency: string;
        amount: string | null;
      }>`
        select t.transaction_id, t.match_key,
          coalesce(c.text_value, ${SETTLEMENT_DEFAULT_CURRENCY}) as currency, a.number_value as amount
        from recon_transactions t
        left join recon_transaction_values a
          on a.transaction_id = t.transaction_id and a.field = ${SETTLEMENT_AMOUNT_FIELD}
        left join recon_transaction_values c
          on c.transaction_id = t.transaction_id and c.field = ${SETTLEMENT_CURRENCY_FIELD}
        where t.settlement_run_id = ${runId}
        order by t.transaction_id`.execute(executor);
      return result.rows;
    },

    async storeReport(executor: DbExecutor, runId: number, report: Buffer, transactionCount: number) {
      await executor
        .updateTable('recon_settlement_runs')
        .set({ report, transaction_count: transactionCount })
        .where('run_id', '=', runId)
        .execute();
    },

    async reportOf(executor: DbExecutor, runId: number) {
      return executor
        .selectFrom('recon_settlement_runs')
        .select(['status', 'report', 'process_id'])
        .where('run_id', '=', runId)
        .executeTakeFirst();
    },

    /** The process's matched PENDING transactions no run holds (the partial index holds just these). */
    async countWaiting(executor: DbExecutor, processId: number): Promise<number> {
      const result = await sql<{ count: string | number }>`select count(*) as count
        from recon_transactions
        where process_id = ${processId} and match_status = 'MATCHED' and settlement_status = 'PENDING'
          and settlement_run_id is null`.execute(executor);
      return Number(result.rows[0]?.count ?? 0);
    },

    /** The day's run of a process, if any: today's settlement value on the card. */
    async runOfDay(executor: DbExecutor, processId: number, day: string) {
      return executor
        .selectFrom('recon_settlement_runs')
        .select(['run_id', 'status', 'start_date', 'end_date'])
        .where('process_id', '=', processId)
        .where('business_date', '=', sql<Date>`cast(${day} as date)`)
        .executeTakeFirst();
    },
  };
}

export type SettlementsRepository = ReturnType<typeof createSettlementsRepository>;
