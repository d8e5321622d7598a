import { availableParallelism } from 'node:os';
import { BENCH_RECON_TRANSACTIONS } from '../finance-seed.ts';
import type { ListFigure } from '../finance.ts';
import type { BenchDatabase } from '../platform.ts';
import { DOWNLOAD_ROUNDS, measureResults } from '../results.ts';
import { databaseName, listCallRow, mb, type ReportContext } from './context.ts';

/** p95 of one recon results call (a page of 25 and its total) at a million recon transactions. */
const RESULTS_P95_BUDGET_MS = 50;
/** The CSV download of a million transactions: at least this share of COPY … TO STDOUT's rows/s. */
const DOWNLOAD_SHARE_OF_COPY_BUDGET = 0.9;
/** How far the platform's RSS may grow during the download, in MB: a streamed download stays flat. */
const DOWNLOAD_RSS_GROWTH_BUDGET_MB = 256;

/** The recon results sections: the grid's call p95, and on PostgreSQL the CSV download against COPY. */
export async function measureReconResults(
  context: ReportContext,
  databases: readonly BenchDatabase[],
): Promise<string[]> {
  const lines: string[] = [];
  const count = (value: number) => value.toLocaleString('en');
  for (const database of databases) {
    const figures = await measureResults(database);
    const row = (figure: ListFigure, budget: number | undefined) =>
      listCallRow(context, 'results', database, figure, budget);
    lines.push(
      `## Recon results at ${count(BENCH_RECON_TRANSACTIONS)} recon transactions, ${databaseName(database)}`,
      '',
      context.measuredLine,
      `Machine load average (1 min) ${figures.loadAverage.before.toFixed(1)} before and ${figures.loadAverage.after.toFixed(1)} after, on ${availableParallelism().toString()} cores.`,
      '',
      `${figures.database}: the EFT process of the finance part (${count(BENCH_RECON_TRANSACTIONS)} recon transactions,`,
      'each with its three grid values in `recon_transaction_values`' +
        (figures.seededSeconds === undefined
          ? ', seeded by an earlier run).'
          : `, seeded in this run in ${figures.seededSeconds.toFixed(0)} s, set-based).`),
      'Each scenario is 200 sequential `GET /api/recon/processes/2/transactions` calls over HTTP as admin',
      '(a page of 25 with its total) after 20 warm-up calls, with `/api/health` measured the same way;',
      '"total" is the paginationInfo.totalRecords the call counts.',
      '',
      '| scenario | rows | total | p50 | p95 | max | budget (p95) | verdict |',
      '|---|---|---|---|---|---|---|---|',
      row(figures.health, undefined),
      ...figures.lists.map((figure) => row(figure, RESULTS_P95_BUDGET_MS)),
      '',
      'Calls:',
      '',
      ...figures.lists.map((figure) => `- ${figure.scenario}: \`${figure.path}\``),
      '',
    );
    const { download } = figures;
    if (download === undefined) {
      lines.push(
        "The CSV download is measured on PostgreSQL only: it is compared with PostgreSQL's own COPY, and",
        "PGlite runs inside the platform's process, so its memory is not the download's alone.",
        '',
      );
      continue;
    }
    const perSecond = (figure: { rows: number; ms: number }) => figure.rows / (figure.ms / 1000);
    const share = perSecond(download.platform) / perSecond(download.copy);
    const shareUnder = share < DOWNLOAD_SHARE_OF_COPY_BUDGET;
    if (shareUnder) {
      context.failures.push(
        `results on ${database.kind}, download: ${(share * 100).toFixed(0)} % of COPY's rows/s is under ${(DOWNLOAD_SHARE_OF_COPY_BUDGET * 100).toFixed(0)} %`,
      );
    }
    const growth = download.rss.peak - download.rss.before;
    const rssOver = growth / 1024 / 1024 > DOWNLOAD_RSS_GROWTH_BUDGET_MB;
    if (rssOver) {
      context.failures.push(
        `results on ${database.kind}, download: RSS grew ${mb(growth)} MB, over ${DOWNLOAD_RSS_GROWTH_BUDGET_MB.toString()} MB`,
      );
    }
    lines.push(
      '### CSV download of every transaction',
      '',
      '`GET /api/recon/processes/2/transactions/download` (no filter) read to its last byte over HTTP,',
      "against psql running `COPY (<the download's own query, each cell a column>) TO STDOUT WITH (FORMAT csv)`",
      'on the same database: the same rows, cells and order, the CSV written by COPY itself. The two are',
      `taken in turns, ${DOWNLOAD_ROUNDS.toString()} times each, and the median of each is shown. Peak memory is the resident set`,
      "of the bench's process, which runs the platform in process, sampled every 20 ms during the downloads;",
      `the budget is its growth over the ${mb(download.rss.before)} MB just before them (the bench's own heap is part of both).`,
      '',
      '| what | rows | size | time | rows/s | budget | verdict |',
      '|---|---|---|---|---|---|---|',
      `| platform download | ${count(download.platform.rows)} | ${mb(download.platform.bytes)} MB | ${(download.platform.ms / 1000).toFixed(1)} s | ${count(Math.round(perSecond(download.platform)))} | ${(DOWNLOAD_SHARE_OF_COPY_BUDGET * 100).toFixed(0)} % of COPY | ${(share * 100).toFixed(0)} %, ${shareUnder ? 'under' : 'ok'} |`,
      `| COPY … TO STDOUT | ${count(download.copy.rows)} | ${mb(download.copy.bytes)} MB | ${(download.copy.ms / 1000).toFixed(1)} s | ${count(Math.round(perSecond(download.copy)))} | – | baseline |`,
      `| platform peak RSS | – | ${mb(download.rss.peak)} MB (+${mb(growth)} MB) | – | – | +${DOWNLOAD_RSS_GROWTH_BUDGET_MB.toString()} MB | ${rssOver ? 'over' : 'ok'} |`,
      '',
    );
  }
  return lines;
}
