import { formatCompactIso, transactionsResponseSchema } from '@web-control/contract/transactions';
import { explainTransactionPage, findPlanNode } from '@web-control/platform/testing/query-plans';
import {
  createTransactionsRepository,
  type TransactionFilter,
} from '@web-control/platform/transactions/repository';
import { seedTransactions } from '@web-control/platform/simulator/seed-transactions';
import { measure, signIn, startBenchPlatform, type BenchDatabase } from './platform.ts';
import { drain, RSS_SAMPLE_MS } from './results.ts';

export type { BenchDatabase } from './platform.ts';

export const BENCH_TRANSACTIONS = 1_000_000;
const SEED_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

export interface LatencyFigure {
  scenario: string;
  query: string;
  /** The index the page's rows are read from (EXPLAIN), when the call lists transactions. */
  index: string | undefined;
  rows: number;
  p50: number;
  p95: number;
  max: number;
}

/** Export CSV of the whole seeded week: every leg, through the single-use token, read to its end. */
export interface ExportFigure {
  rows: number;
  bytes: number;
  ms: number;
  rss: { before: number; peak: number };
}

export interface TransactionFigures {
  database: string;
  transactions: number;
  seededNow: boolean;
  health: LatencyFigure;
  lists: LatencyFigure[];
  export: ExportFigure;
}

/** Asks a token for the list's export and reads the download to its end, sampling the resident set. */
async function measureExport(
  platformUrl: string,
  headers: Record<string, string>,
  filter: Record<string, string>,
): Promise<ExportFigure> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, RSS_SAMPLE_MS);
  try {
    const started = performance.now();
    const issued = await fetch(`${platformUrl}/api/exports/transactions/token`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(filter),
    });
    if (!issued.ok) throw new Error(`export token: ${issued.status.toString()} ${await issued.text()}`);
    const { token } = (await issued.json()) as { token: string };
    const response = await fetch(`${platformUrl}/api/exports/transactions?access_token=${token}`);
    if (!response.ok || response.body === null) throw new Error(`export: ${response.status.toString()}`);
    const { lines, bytes } = await drain(response.body);
    // The header line is not a leg.
    return { rows: lines - 1, bytes, ms: performance.now() - started, rss: { before, peak } };
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
  }
}

interface Scenario {
  scenario: string;
  query: Record<string, string>;
  filter: TransactionFilter;
  offset: number;
}

/**
 * The list call at a million rows: seeds the bench database once (reused while it holds enough
 * rows), starts the platform on it without the simulator, and times each scenario against
 * /api/health in the same run.
 */
export async function measureTransactions(target: BenchDatabase): Promise<TransactionFigures> {
  const platform = await startBenchPlatform(target);
  try {
    const db = platform.app.services.database.db;
    const repository = createTransactionsRepository();
    let transactions = await repository.countTransactions(db);
    const seededNow = transactions < BENCH_TRANSACTIONS;
    if (seededNow) {
      console.log(`Seeding ${BENCH_TRANSACTIONS.toLocaleString('en')} transactions (a few minutes, once)…`);
      // Messages first: on PostgreSQL no foreign key takes them with their legs (decision 0031).
      await db.deleteFrom('transaction_messages').execute();
      await db.deleteFrom('transactions').execute();
      await seedTransactions(db, { count: BENCH_TRANSACTIONS, days: SEED_DAYS, now: new Date(), seed: 1 });
      transactions = await repository.countTransactions(db);
    }

    const headers = await signIn(platform.url, 'admin');
    const list = async (query: Record<string, string>) => {
      const response = await fetch(
        `${platform.url}/api/ecs/transactions?${new URLSearchParams(query).toString()}`,
        {
          headers,
        },
      );
      return transactionsResponseSchema.parse(await response.json());
    };

    // The newest seeded row anchors the ranges, so a bench database seeded days ago still has a "today".
    const newest = await db
      .selectFrom('transactions')
      .select(['uuid', 'time_started', 'reference_number', 'seq'])
      .orderBy('time_started', 'desc')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    const end = new Date(newest.time_started);
    const dayStart = new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS);
    const weekStart = new Date(end.getTime() - SEED_DAYS * DAY_MS);
    const today = { dateFrom: formatCompactIso(dayStart), dateTo: formatCompactIso(end) };
    const week = { dateFrom: formatCompactIso(weekStart), dateTo: formatCompactIso(end) };
    const range = (from: Date) => ({ from, before: new Date(end.getTime() + 1000) });
    const pinned = { latestRecord: newest.uuid };
    const pinnedAt = { timeStarted: new Date(newest.time_started).toISOString(), seq: Number(newest.seq) };
    const reference = newest.reference_number;

    const scenarios: Scenario[] = [
      { scenario: 'first page, today', query: today, filter: range(dayStart), offset: 0 },
      { scenario: 'first page, last 7 days', query: week, filter: range(weekStart), offset: 0 },
      {
        scenario: 'page 2 (pinned)',
        query: { ...week, ...pinned, offset: '20' },
        filter: { ...range(weekStart), pinnedAt },
        offset: 20,
      },
      {
        scenario: 'deep page 501 (pinned, offset 10 000)',
        query: { ...week, ...pinned, offset: '10000' },
        filter: { ...range(weekStart), pinnedAt },
        offset: 10_000,
      },
      {
        scenario: 'service',
        query: { ...week, service: 'purchase' },
        filter: { ...range(weekStart), serviceTypeId: 'purchase' },
        offset: 0,
      },
      {
        scenario: 'receiver',
        query: { ...week, receiver: 'mastercard-banknet' },
        filter: { ...range(weekStart), receiverId: 'mastercard-banknet' },
        offset: 0,
      },
      {
        scenario: 'service and receiver',
        query: { ...week, service: 'data-bundle', receiver: 'cell-c-airtime' },
        filter: { ...range(weekStart), serviceTypeId: 'data-bundle', receiverId: 'cell-c-airtime' },
        offset: 0,
      },
      {
        scenario: 'receiver without transactions',
        query: { ...week, receiver: 'standard-bank-eft-backup' },
        filter: { ...range(weekStart), receiverId: 'standard-bank-eft-backup' },
        offset: 0,
      },
      {
        scenario: 'reference',
        query: { ...week, reference },
        filter: { ...range(weekStart), reference },
        offset: 0,
      },
      { scenario: 'reference, any date (palette)', query: { reference }, filter: { reference }, offset: 0 },
    ];

    const health = await measure(() => fetch(`${platform.url}/api/health`));
    const lists: LatencyFigure[] = [];
    for (const scenario of scenarios) {
      const rows = (await list(scenario.query)).transactions.length;
      const page = await explainTransactionPage(db, scenario.filter, scenario.offset, 21);
      const figure = await measure(() =>
        fetch(`${platform.url}/api/ecs/transactions?${new URLSearchParams(scenario.query).toString()}`, {
          headers,
        }),
      );
      lists.push({
        scenario: scenario.scenario,
        query: new URLSearchParams(scenario.query).toString(),
        index: findPlanNode(page, (node) => node['Index Name'] !== undefined)?.['Index Name'],
        rows,
        ...figure,
      });
    }
    // The whole week: every seeded leg (the seed writes no leg after the newest).
    const exported = await measureExport(platform.url, headers, {
      dateFrom: formatCompactIso(new Date(weekStart.getTime() - DAY_MS)),
      dateTo: week.dateTo,
    });
    return {
      database: platform.app.services.database.location,
      transactions,
      seededNow,
      export: exported,
      health: { scenario: '/api/health', query: '', index: undefined, rows: 0, ...health },
      lists,
    };
  } finally {
    await platform.close();
  }
}
