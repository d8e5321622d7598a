import { availableParallelism, loadavg } from 'node:os';
import type { BenchDatabase } from '../platform.ts';
import { measureRetention, RETENTION_BENCH_LEGS } from '../retention.ts';
import {
  BENCH_TRANSACTIONS,
  measureTransactions,
  type LatencyFigure,
  type TransactionFigures,
} from '../transactions.ts';
import { databaseName, latencyCells, mb, type ReportContext } from './context.ts';

/** p95 of one transaction list call at a million rows, measured on the platform over HTTP. */
const TRANSACTION_LIST_P95_BUDGET_MS = 50;
/** Seconds for the retention of one day at 10 million legs (its partitions dropped), PostgreSQL. */
const RETENTION_DAY_SECONDS_BUDGET = 1;
/** How far the platform's RSS may grow during a million-leg export, in MB: a streamed export stays flat. */
const EXPORT_RSS_GROWTH_BUDGET_MB = 256;

function transactionLatencyRow(
  context: ReportContext,
  kind: string,
  figure: LatencyFigure,
  budget: number | undefined,
): string {
  const what = `transactions on ${kind}, ${figure.scenario}`;
  return `| ${figure.scenario} | ${figure.index ?? '–'} | ${figure.rows.toString()} | ${latencyCells(context, what, figure, budget)}`;
}

/** Retention of one day at 10 million legs: the partition drop against the DELETE it replaced. */
export async function measureRetentionPart(context: ReportContext): Promise<string[]> {
  const url =
    process.env.BENCH_RETENTION_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/web_control_bench_retention';
  const [loadBefore = 0] = loadavg();
  const figures = await measureRetention(url);
  const [loadAfter = 0] = loadavg();
  const count = (value: number) => value.toLocaleString('en');
  const seconds = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} s`;
  const over = figures.detachSeconds > RETENTION_DAY_SECONDS_BUDGET;
  if (over) {
    context.failures.push(
      `retention of one day: ${seconds(figures.detachSeconds)} is over ${RETENTION_DAY_SECONDS_BUDGET.toString()} s`,
    );
  }
  return [
    `## Retention at ${count(RETENTION_BENCH_LEGS)} legs, PostgreSQL`,
    '',
    context.measuredLine,
    `Machine load average (1 min) ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after, on ${availableParallelism().toString()} cores,`,
    'shared with other work running at the same time: the figures are from a busy machine.',
    '',
    `${figures.database}, rebuilt by each run: ${count(figures.legs)} legs and ${count(figures.messages)} messages over 7 days, written`,
    `with set-based \`INSERT … SELECT generate_series\` into the tables as they were before partitioning (migration 0032) in`,
    `${seconds(figures.seedSeconds)} (vacuum and analyze included). The oldest whole day holds ${count(figures.dayLegs)} legs.`,
    '',
    '| what | time | budget | verdict |',
    '|---|---|---|---|',
    `| before: \`DELETE\` of the day's legs, their messages by the cascade (rolled back) | ${seconds(figures.deleteSeconds)} | – | replaced |`,
    `| before: one batch of the old retention (20 000 legs, rolled back) | ${seconds(figures.deleteBatchSeconds)} | – | replaced |`,
    `| upgrade: migration 0033 rewrites both tables into day partitions | ${seconds(figures.upgradeSeconds)} | – | once |`,
    `| now: retention of the day (its legs' and messages' partitions detached) | ${seconds(figures.detachSeconds)} | ${RETENTION_DAY_SECONDS_BUDGET.toString()} s | ${over ? 'over' : 'ok'} |`,
    `| then: housekeeping drops the detached tables (frees their files; the transactions tables are not locked) | ${seconds(figures.dropSeconds)} | – | – |`,
    '',
    "This machine's disk is mounted with online `discard`, so freeing a day's 1.3 GB of files trims them",
    'while the drop commits; that is why the drop is a step of its own, after the detach.',
    '',
    `The transaction list on the partitioned tables after that day was dropped (${count(figures.lists.transactions)} legs), the`,
    'scenarios of the transaction list part (200 sequential calls over HTTP after 20 warm-up calls; "index" is the',
    "list index the page is read from, each day's partition holding its own):",
    '',
    '| scenario | index | rows | p50 | p95 | max | budget (p95) | verdict |',
    '|---|---|---|---|---|---|---|---|',
    transactionLatencyRow(context, 'postgres', figures.lists.health, undefined),
    ...figures.lists.lists.map((figure) =>
      transactionLatencyRow(context, 'postgres', figure, TRANSACTION_LIST_P95_BUDGET_MS),
    ),
    '',
  ];
}

export async function measureTransactionLists(
  context: ReportContext,
  databases: readonly BenchDatabase[],
): Promise<string[]> {
  const lines: string[] = [];
  for (const database of databases) {
    const transactions = await measureTransactions(database);
    const latencyRow = (figure: LatencyFigure, budget: number | undefined) =>
      transactionLatencyRow(context, database.kind, figure, budget);
    lines.push(
      `## Transaction list at ${BENCH_TRANSACTIONS.toLocaleString('en')} rows, ${databaseName(database)}`,
      '',
      context.measuredLine,
      '',
      `${transactions.database} holding ${transactions.transactions.toLocaleString('en')} transaction legs` +
        `${transactions.seededNow ? ', seeded in this run' : ''}; the platform on the same machine, simulator off;`,
      'each scenario is 200 sequential `GET /api/ecs/transactions` calls over HTTP after 20 warm-up calls,',
      'with `/api/health` measured the same way as the baseline. "index" is the index the page is read from',
      '(EXPLAIN of the same query).',
      '',
      '| scenario | index | rows | p50 | p95 | max | budget (p95) | verdict |',
      '|---|---|---|---|---|---|---|---|',
      latencyRow(transactions.health, undefined),
      ...transactions.lists.map((figure) => latencyRow(figure, TRANSACTION_LIST_P95_BUDGET_MS)),
      '',
      'Queries:',
      '',
      ...transactions.lists.map((figure) => `- ${figure.scenario}: \`${figure.query}\``),
      '',
      ...exportLines(context, database, transactions),
    );
  }
  return lines;
}

/** Export CSV of a million legs: every row of the filter, memory flat (issue 25). */
function exportLines(context: ReportContext, database: BenchDatabase, figures: TransactionFigures): string[] {
  const exported = figures.export;
  const growthMb = (exported.rss.peak - exported.rss.before) / 1024 / 1024;
  const everyRow = exported.rows === figures.transactions;
  const over = growthMb > EXPORT_RSS_GROWTH_BUDGET_MB;
  if (over) {
    context.failures.push(`transactions on ${database.kind}, export: RSS grew ${growthMb.toFixed(0)} MB`);
  }
  if (!everyRow) {
    context.failures.push(
      `transactions on ${database.kind}, export: ${exported.rows.toString()} rows of ${figures.transactions.toString()}`,
    );
  }
  return [
    '### Export CSV of every leg',
    '',
    '`POST /api/exports/transactions/token` for the seeded week, then the download read to its last byte',
    "over HTTP. Memory is the resident set of the bench's process (the platform runs in it), sampled every",
    `20 ms; the budget is its growth over the ${mb(exported.rss.before)} MB before the export.`,
    '',
    '| what | figure | budget | verdict |',
    '|---|---|---|---|',
    `| rows | ${exported.rows.toLocaleString('en')} of ${figures.transactions.toLocaleString('en')} | every leg | ${everyRow ? 'ok' : 'missing rows'} |`,
    `| size | ${mb(exported.bytes)} MB | – | – |`,
    `| time | ${(exported.ms / 1000).toFixed(1)} s (${Math.round(exported.rows / (exported.ms / 1000)).toLocaleString('en')} rows/s) | – | – |`,
    `| platform RSS | ${mb(exported.rss.before)} → ${mb(exported.rss.peak)} MB (+${growthMb.toFixed(0)} MB) | +${EXPORT_RSS_GROWTH_BUDGET_MB.toString()} MB | ${over ? 'over' : 'ok'} |`,
    '',
  ];
}
