import { availableParallelism } from 'node:os';
import { BENCH_RECON_TRANSACTIONS, BENCH_REVIEW_ACTIONS } from '../finance-seed.ts';
import { LOAD_RECORDS, measureFinance, type ListFigure } from '../finance.ts';
import type { BenchDatabase } from '../platform.ts';
import { databaseName, listCallRow, mb, type ReportContext } from './context.ts';

/** p95 of one inbox, actions or audit log call on a process holding a million recon transactions. */
const FINANCE_LIST_P95_BUDGET_MS = 50;
/**
 * The load and match of the 100 000-record clearing file (approval to LOADED) against the same
 * database's COPY of that file into a staging table of its shape: at most this many times as long.
 */
const LOAD_COPY_RATIO_BUDGET = { postgres: 2, pglite: 4 } as const;
/** Seconds for the load and match of a million-record file (approval to LOADED). */
const LARGE_LOAD_SECONDS_BUDGET = { postgres: 20, pglite: 60 } as const;
/** How far the platform's RSS may grow from before the large upload until its file is LOADED, in MB. */
const LARGE_LOAD_RSS_GROWTH_BUDGET_MB = 256;

export async function measureFinanceCalls(
  context: ReportContext,
  databases: readonly BenchDatabase[],
): Promise<string[]> {
  const lines: string[] = [];
  const count = (value: number) => value.toLocaleString('en');
  for (const database of databases) {
    const finance = await measureFinance(database);
    const listRow = (figure: ListFigure, budget: number | undefined) =>
      listCallRow(context, 'finance', database, figure, budget);
    const loadRow = (step: (typeof finance.load)[number], budget: number | undefined) => {
      const perSecond = step.records / (step.ms / 1000);
      const under = budget !== undefined && perSecond < budget;
      if (under) {
        context.failures.push(
          `finance on ${database.kind}, ${step.step}: ${count(Math.round(perSecond))} records/s is under ${count(budget)}`,
        );
      }
      const verdict = budget === undefined ? '–' : under ? 'under' : 'ok';
      return `| ${step.step} | ${count(step.records)} | ${(step.ms / 1000).toFixed(2)} s | ${count(Math.round(perSecond))} | ${budget === undefined ? '–' : count(budget)} | ${verdict} |`;
    };
    const { counts, outcome } = finance;
    const ratioLine = () => {
      const step = finance.load[2];
      const ratio = (step?.ms ?? Number.POSITIVE_INFINITY) / finance.copyMs;
      const budget = LOAD_COPY_RATIO_BUDGET[database.kind];
      if (ratio > budget) {
        context.failures.push(
          `finance on ${database.kind}: the load and match took ${ratio.toFixed(1)}× COPY, over ${budget.toString()}×`,
        );
      }
      return `Load and match against COPY: ${ratio.toFixed(1)}× (budget ≤ ${budget.toString()}×): ${ratio > budget ? 'over' : 'ok'}. COPY is given the rows as the load stages them (line, match key, fields as JSON) into a table of the load's staging shape (recon_load_rows, no index); the load also parses and checks the file, then writes records, exceptions, transactions and their grid values with their indexes.`;
    };
    const largeSection = () => {
      const { large } = finance;
      const seconds = large.loadMs / 1000;
      const secondsBudget = LARGE_LOAD_SECONDS_BUDGET[database.kind];
      const growth = large.rss.peak - large.rss.before;
      const growthMb = growth / 1024 / 1024;
      if (seconds > secondsBudget) {
        context.failures.push(
          `finance on ${database.kind}: the million-record load took ${seconds.toFixed(1)} s, over ${secondsBudget.toString()} s`,
        );
      }
      if (growthMb > LARGE_LOAD_RSS_GROWTH_BUDGET_MB) {
        context.failures.push(
          `finance on ${database.kind}: RSS grew ${growthMb.toFixed(0)} MB during the million-record load`,
        );
      }
      return [
        `### A ${count(large.records)}-record file`,
        '',
        `finance-operator uploads a switch file of ${count(large.records)} records (${mb(large.bytes)} MB) for a day of its own`,
        'and finance-approver approves it; the time is from the approval to LOADED (the approval answers at',
        'once). The resident memory is the bench process’s, which runs the platform, sampled every 20 ms',
        'from before the upload until LOADED. From the approval until LOADED the lists below are called in',
        'turn, one call each a round and a 50 ms pause between rounds, as admin: the staging and the',
        'transaction that writes the records and re-matches them both count.',
        '',
        '| what | value | budget | verdict |',
        '|---|---|---|---|',
        `| upload | ${(large.uploadMs / 1000).toFixed(1)} s | – | – |`,
        `| load and match (ended ${large.status}) | ${seconds.toFixed(1)} s | ${secondsBudget.toString()} s | ${seconds > secondsBudget ? 'over' : 'ok'} |`,
        `| platform RSS | ${mb(large.rss.before)} → ${mb(large.rss.peak)} MB (+${growthMb.toFixed(0)} MB) | +${LARGE_LOAD_RSS_GROWTH_BUDGET_MB.toString()} MB | ${growthMb > LARGE_LOAD_RSS_GROWTH_BUDGET_MB ? 'over' : 'ok'} |`,
        '',
        '| scenario during the load | rows | total | p50 | p95 | max | budget (p95) | verdict |',
        '|---|---|---|---|---|---|---|---|',
        ...large.lists.map((figure) =>
          listRow(figure, FINANCE_LIST_P95_BUDGET_MS).replace(
            /^\| ([^|]+) \|/,
            `| $1 (${count(figure.calls)} calls) |`,
          ),
        ),
        '',
      ];
    };
    lines.push(
      `## Finance at ${BENCH_RECON_TRANSACTIONS.toLocaleString('en')} recon transactions, ${databaseName(database)}`,
      '',
      context.measuredLine,
      `Load average when it began: ${finance.loadAverage.toFixed(1)} on ${availableParallelism().toString()} cores.`,
      '',
      `${finance.database}: the EFT process (two parties) holds ${count(counts.transactions)} recon transactions,`,
      `${count(counts.records)} records in ${count(counts.files)} inbox files, ${count(counts.actions)} actions and`,
      `${count(counts.audits)} audit entries` +
        (finance.seededSeconds === undefined
          ? ' (seeded by an earlier run).'
          : `, seeded in this run in ${finance.seededSeconds.toFixed(0)} s (set-based INSERT … SELECT generate_series).`),
      `The actions are one LOAD_FILE per file and ${count(BENCH_REVIEW_ACTIONS)} transaction reviews by 20 users;`,
      'the platform runs on the same machine, simulator off.',
      '',
      `### Load and match of a ${count(LOAD_RECORDS)}-record file`,
      '',
      `finance-operator uploads the switch's file of the day (${count(LOAD_RECORDS)} records) and finance-approver`,
      "approves it; then the clearing house's file of the same day, also",
      `${count(LOAD_RECORDS)} records, 2 % of them absent from the switch's file, 0.5 % of the switch's missing`,
      'and 1 % with another amount, goes the same way. Each load is timed from the approve call (which',
      'answers at once) until the file is LOADED: the CSV parse and row checks into the staging table by',
      'COPY, then the records and the set-based re-match of the touched keys in one transaction, through',
      "the platform's own finance module. The run's files are removed afterwards.",
      '',
      '| step | records | time | records/s | budget (records/s) | verdict |',
      '|---|---|---|---|---|---|',
      ...finance.load.map((step) => loadRow(step, undefined)),
      `| the same file's rows, as the load stages them, by the database's own COPY into a table of the staging table's shape | ${count(LOAD_RECORDS)} | ${(finance.copyMs / 1000).toFixed(2)} s | ${count(Math.round(LOAD_RECORDS / (finance.copyMs / 1000)))} | – | baseline |`,
      '',
      ratioLine(),
      '',
      `The timed file ended ${outcome.fileStatus} with ${count(outcome.exceptions)} exceptions; its day now holds`,
      `${count(outcome.matched)} matched, ${count(outcome.partial)} partially matched and ${count(outcome.unmatched)} unmatched transactions.`,
      '',
      '### Inbox, actions and audit log',
      '',
      'Each scenario is 200 sequential calls over HTTP as admin after 20 warm-up calls, with `/api/health`',
      'measured the same way as the baseline; "total" is the paginationInfo.totalRecords the call counts.',
      '',
      '| scenario | rows | total | p50 | p95 | max | budget (p95) | verdict |',
      '|---|---|---|---|---|---|---|---|',
      listRow(finance.health, undefined),
      ...finance.lists.map((figure) => listRow(figure, FINANCE_LIST_P95_BUDGET_MS)),
      '',
      'Calls:',
      '',
      ...finance.lists.map((figure) => `- ${figure.scenario}: \`${figure.path}\``),
      '',
      ...largeSection(),
    );
  }
  return lines;
}
