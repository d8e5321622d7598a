import type { Transaction } from 'kysely';
import { paginationInfoOf } from '@web-control/contract/finance';
import { csvCell } from '@web-control/contract/finance-results';
import {
  EXTRACT_KINDS,
  EXTRACT_TAG_IDS,
  EXTRACT_TAGS,
  extractPathOf,
  type Aggregate,
  type ExtractTagId,
  type ExtractsQuery,
  type SettlementDetail,
  type SettlementRun,
  type SettlementsQuery,
  type SettlementWaiting,
} from '@web-control/contract/finance-settlements';
import type { Clock } from '../../clock.ts';
import type { Database, Db } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { DAY_MS, MINUTE_MS } from '../../time.ts';
import { createAuditedChange, SYSTEM_ACTOR, type Actor } from '../audit/audited-change.ts';
import type { AuditService } from '../audit/service.ts';
import { noProcessFound } from './messages.ts';
import { createOutboxRepository } from './outbox-repository.ts';
import { createProcessRepository } from './process-repository.ts';
import { createSettlementsRepository, MINOR_UNITS, type RunRow } from './settlements-repository.ts';

export const SETTLEMENT_MESSAGES = {
  noRun: 'This settlement run does not exist.',
  alreadyClosed: 'This settlement run is already closed.',
  notClosed: 'The report is written when the run is closed.',
  noExtract: 'This extract does not exist.',
} as const;

export const SETTLEMENT_AUDIT_ACTION = 'settlement.close';
export const SETTLEMENT_JOB = 'settlement-runs';

/** Transactions the settlement job adds to a run per statement. */
const SETTLEMENT_BATCH = 10_000;
export const RECON_SUMMARY_JOB = 'recon-summary';

/** The UTC day of an instant as YYYY-MM-DD. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function startOfDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

function money(minor: number | string): string {
  return (Number(minor) / MINOR_UNITS).toFixed(2);
}

function toRun(row: RunRow): SettlementRun {
  return {
    id: row.run_id,
    processId: row.process_id,
    status: row.status,
    startDate: new Date(row.start_date).toISOString(),
    endDate: row.end_date === null ? null : new Date(row.end_date).toISOString(),
    transactionCount: Number(row.transaction_count),
  };
}

export function createSettlementsService(deps: { db: Db; clock: Clock; audit: AuditService }) {
  const { db, clock } = deps;
  const runs = createSettlementsRepository();
  const outbox = createOutboxRepository();
  const finance = createProcessRepository();
  const runAuditedChange = createAuditedChange(deps);

  /** Closes a run in the caller's transaction: aggregates, SETTLED, the report and its extract. */
  async function close(tx: Transaction<Database>, runId: number, at: Date, by: string): Promise<void> {
    const closed = await runs.closeRun(tx, runId, at, by);
    if (closed === undefined) {
      throw (await runs.findRun(tx, runId)) === undefined
        ? notFound(SETTLEMENT_MESSAGES.noRun)
        : conflict(SETTLEMENT_MESSAGES.alreadyClosed);
    }
    const [process] = await finance.definitionsOf(tx, [closed.process_id]);
    const { parties, totals } = await runs.computeAggregates(tx, runId);
    const aggregates = [
      ...totals.map((row) => ({ name: 'Total', ...row })),
      ...parties.map((row) => ({ ...row })),
    ].map((row) => ({
      name: row.name,
      currency: row.currency,
      amount: Number(money(row.amount)),
      transactionCount: Number(row.transactions),
    }));
    await runs.insertAggregates(tx, runId, aggregates);
    const settled = await runs.settle(tx, runId);
    const lines = [
      'record,name,currency,amount,transactions,transactionId,reference',
      ...aggregates.map((item) =>
        [
          item.name === 'Total' ? 'TOTAL' : 'PARTY',
          item.name,
          item.currency,
          item.amount.toFixed(2),
          item.transactionCount,
          '',
          '',
        ]
          .map((cell) => csvCell(String(cell)))
          .join(','),
      ),
      ...(await runs.reportLines(tx, runId)).map((row) =>
        [
          'TRANSACTION',
          '',
          row.currency,
          row.amount === null ? '' : money(row.amount),
          '',
          String(row.transaction_id),
          (JSON.parse(row.match_key) as string[]).join(' '),
        ]
          .map(csvCell)
          .join(','),
      ),
    ];
    const report = Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
    await runs.storeReport(tx, runId, report, settled);
    const day = dayOf(new Date(closed.business_date));
    const processName = process?.name ?? String(closed.process_id);
    await outbox.insertExtract(tx, {
      processId: closed.process_id,
      fileName: `settlement-${processName}-${day}-run-${runId}.csv`,
      createdAt: at,
      content: report,
      dedupeKey: `settlement-report:${runId}`,
      tags: [
        ['kind', EXTRACT_KINDS.settlementReport],
        ['process', processName],
        ['run', String(runId)],
        ['date', day],
        ...aggregates.map((item): [ExtractTagId, string] => ['currency', item.currency]),
        ...parties.map((item): [ExtractTagId, string] => ['party', item.name]),
      ],
    });
  }

  /**
   * Adds to today's OPEN run the matched PENDING transactions no run holds yet: what was approved
   * since the settlement job last ran settles with the run being closed, not a day later. An older
   * run closed late takes none: they belong to today's.
   */
  async function addWaiting(tx: Transaction<Database>, runId: number, now: Date): Promise<void> {
    const run = await runs.findRun(tx, runId);
    if (run?.status !== 'OPEN') return;
    const day = dayOf(new Date(run.business_date));
    if (day !== dayOf(now)) return;
    while ((await runs.addPending(tx, run.process_id, day, SETTLEMENT_BATCH)) === SETTLEMENT_BATCH);
  }

  async function detail(runId: number): Promise<SettlementDetail> {
    const run = await runs.findRun(db, runId);
    if (run === undefined) throw notFound(SETTLEMENT_MESSAGES.noRun);
    const aggregates: Aggregate[] = (await runs.aggregatesOf(db, runId)).map((row) => ({
      name: row.name,
      currency: row.currency,
      amount: Number(row.amount),
      transactionCount: row.transaction_count,
    }));
    return { settlementRun: toRun(run), aggregates };
  }

  /** Keeps today's OPEN run of every process and adds the matched PENDING transactions to it. */
  async function keepRuns(now: Date): Promise<void> {
    const day = dayOf(now);
    for (const processId of await finance.allProcessIds(db)) {
      await runs.ensureRun(db, processId, day, now);
      // A batch per statement: a million pending transactions never become one statement that
      // outlasts the statement timeout, and each batch's work stays done.
      while ((await runs.addPending(db, processId, day, SETTLEMENT_BATCH)) === SETTLEMENT_BATCH);
    }
  }

  /** Yesterday's recon summary of each process, once, as an extract. */
  async function writeReconSummaries(now: Date): Promise<void> {
    const from = new Date(startOfDay(now).getTime() - DAY_MS);
    const day = dayOf(from);
    const processes = await finance.definitionsOf(db, await finance.allProcessIds(db));
    for (const process of processes) {
      const stats = await finance.reconStatsBetween(db, process.id, from, new Date(from.getTime() + DAY_MS));
      const header = 'process,date,matched,partiallyMatched,unmatched,rejected,pending,issue,settled';
      const line = [
        process.name,
        day,
        stats.matched,
        stats.partial,
        stats.unmatched,
        stats.rejected,
        stats.pending,
        stats.issue,
        stats.settled,
      ]
        .map((cell) => csvCell(String(cell)))
        .join(',');
      await outbox.insertExtract(db, {
        processId: process.id,
        fileName: `recon-summary-${process.name}-${day}.csv`,
        createdAt: now,
        content: Buffer.from(`${header}\r\n${line}\r\n`, 'utf8'),
        dedupeKey: `recon-summary:${process.id}:${day}`,
        tags: [
          ['kind', EXTRACT_KINDS.reconSummary],
          ['process', process.name],
          ['date', day],
        ],
      });
    }
  }

  return {
    keepRuns,
    writeReconSummaries,

    /**
     * The demo's history: for each past day, a run holding the matched transactions whose files
     * arrived that day, closed by the system at the day's end.
     */
    async seedHistory(now: Date, days: number): Promise<void> {
      const today = startOfDay(now);
      for (let back = days; back >= 1; back -= 1) {
        const from = new Date(today.getTime() - back * DAY_MS);
        const day = dayOf(from);
        for (const processId of await finance.allProcessIds(db)) {
          await db.transaction().execute(async (tx) => {
            const existing = await runs.runOfDay(tx, processId, day);
            if (existing !== undefined) return;
            await runs.ensureRun(tx, processId, day, new Date(from.getTime() + 5 * MINUTE_MS));
            const arrived = { from, to: new Date(from.getTime() + DAY_MS) };
            while (
              (await runs.addPending(tx, processId, day, SETTLEMENT_BATCH, arrived)) === SETTLEMENT_BATCH
            );
            const run = await runs.runOfDay(tx, processId, day);
            if (run !== undefined) {
              await close(
                tx,
                run.run_id,
                new Date(from.getTime() + DAY_MS - 5 * MINUTE_MS),
                SYSTEM_ACTOR.username,
              );
            }
          });
        }
      }
    },

    async list(query: SettlementsQuery) {
      const { rows, total } = await runs.listRuns(db, {
        processId: query.processId,
        from: query.fromDateTimeInclusive === undefined ? undefined : new Date(query.fromDateTimeInclusive),
        to: query.toDateTimeInclusive === undefined ? undefined : new Date(query.toDateTimeInclusive),
        offset: query.offset,
        limit: query.limit,
      });
      const settlementRuns = rows.map(toRun);
      return { settlementRuns, paginationInfo: paginationInfoOf(query, total, settlementRuns.length) };
    },

    detail,

    /** Closes an OPEN run at most once, audited (a refused second close is audited as refused). */
    async closeRun(actor: Actor, runId: number, comment: string | undefined): Promise<SettlementDetail> {
      await runAuditedChange(
        actor,
        {
          action: SETTLEMENT_AUDIT_ACTION,
          target: { runId },
          describe: () => ({ comment: comment ?? null }),
        },
        async (tx) => {
          const now = clock.now();
          await addWaiting(tx, runId, now);
          await close(tx, runId, now, actor.username);
        },
      );
      return detail(runId);
    },

    async report(runId: number): Promise<{ fileName: string; content: Buffer }> {
      const row = await runs.reportOf(db, runId);
      if (row === undefined) throw notFound(SETTLEMENT_MESSAGES.noRun);
      if (row.status !== 'CLOSED' || row.report === null) throw conflict(SETTLEMENT_MESSAGES.notClosed);
      return { fileName: `settlement-run-${runId}.csv`, content: row.report };
    },

    /** What waits to settle in no run yet, and which run it joins (the Settlement tab says it). */
    async waiting(processId: number): Promise<SettlementWaiting> {
      if ((await finance.displayNameOf(db, processId)) === undefined) throw noProcessFound();
      const now = clock.now();
      const [transactionCount, run] = await Promise.all([
        runs.countWaiting(db, processId),
        runs.runOfDay(db, processId, dayOf(now)),
      ]);
      return {
        transactionCount,
        todaysRun: run === undefined ? null : { id: run.run_id, status: run.status },
        nextRunFrom: new Date(startOfDay(now).getTime() + DAY_MS).toISOString(),
      };
    },

    /** Today's settlement value: the totals of today's run of a process, while open too. */
    async todaysTotals(processId: number, now: Date) {
      const run = await runs.runOfDay(db, processId, dayOf(now));
      if (run === undefined) return undefined;
      const { totals } = await runs.computeAggregates(db, run.run_id);
      return {
        startDate: new Date(run.start_date),
        endDate: run.end_date === null ? null : new Date(run.end_date),
        stats: totals.map((row) => ({
          statName: `Total ${row.currency}`,
          amount: Number(money(row.amount)),
        })),
      };
    },

    async listExtracts(query: ExtractsQuery) {
      const { rows, tags, total } = await outbox.listExtracts(db, {
        from: query.fromDateTimeInclusive === undefined ? undefined : new Date(query.fromDateTimeInclusive),
        to: query.toDateTimeInclusive === undefined ? undefined : new Date(query.toDateTimeInclusive),
        processId: query.processId,
        tags: query.tag ?? [],
        offset: query.offset,
        limit: query.limit,
      });
      const extracts = rows.map((row) => {
        const mine = tags.filter((item) => item.extract_id === row.extract_id);
        // In the tags' own order, which the screen's columns take from the first row, as the export does.
        const own: Record<string, string[]> = {};
        for (const tagId of EXTRACT_TAG_IDS) {
          const values = mine.filter((tag) => tag.tag_id === tagId).map((tag) => tag.value);
          if (values.length > 0) own[EXTRACT_TAGS[tagId]] = values;
        }
        return {
          path: extractPathOf(row.extract_id),
          fileName: row.file_name,
          createdDate: new Date(row.created_at).toISOString(),
          tags: own,
        };
      });
      return { extracts, paginationInfo: paginationInfoOf(query, total, extracts.length) };
    },

    tagNames() {
      return { extractTagNames: EXTRACT_TAG_IDS.map((id) => ({ id, name: EXTRACT_TAGS[id] })) };
    },

    async tagValues(tagId: ExtractTagId, processId: number | undefined) {
      const values = await outbox.tagValues(db, tagId, processId);
      return { extractTagValues: values.map((value) => ({ value })) };
    },
  };
}

export type SettlementsService = ReturnType<typeof createSettlementsService>;
