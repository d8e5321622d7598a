// `npm run bench`: measures, and writes bench/report.md. Budgets live here, not in unit tests.
// `npm run bench -- --only=lighthouse` (the bundles and Lighthouse), `--only=transactions`,
// `--only=finance`, `--only=results`, `--only=vouchers`, `--only=maps`, `--only=first-start`,
// `--only=concurrency` or `--only=retention` (PostgreSQL only, 10 million legs) measures one part and
// replaces only its sections in the report (each million-row part takes minutes).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { measureBundles } from './src/bundle-size.ts';
import {
  BENCH_MAP,
  BENCH_MAP_EDITS,
  BENCH_MAP_ENTRIES,
  measureConfigMaps,
  UPLOAD_LINES,
  type MapListFigure,
} from './src/config-maps.ts';
import { CALL_SECONDS, CONCURRENT_CLIENTS, measureConcurrency } from './src/concurrency.ts';
import { measureFirstStart, WATCH_SECONDS } from './src/first-start.ts';
import { measureLighthouse, type LighthouseFigure } from './src/lighthouse.ts';
import {
  BENCH_RECON_TRANSACTIONS,
  BENCH_REVIEW_ACTIONS,
  LOAD_RECORDS,
  measureFinance,
  type ListFigure,
} from './src/finance.ts';
import type { BenchDatabase } from './src/platform.ts';
import { DOWNLOAD_ROUNDS, measureResults } from './src/results.ts';
import { measureRetention, RETENTION_BENCH_LEGS } from './src/retention.ts';
import {
  BENCH_TRANSACTIONS,
  measureTransactions,
  type LatencyFigure,
  type TransactionFigures,
} from './src/transactions.ts';
import { BENCH_VOUCHERS, measureVouchers, type VoucherBenchDatabase } from './src/vouchers.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}apps/console/dist`;
const report = fileURLToPath(new URL('report.md', import.meta.url));

/** Budgets in gzipped kB; a figure over budget fails the bench. */
const LOGIN_JS_BUDGET_KB = 190;
const LOGIN_CSS_BUDGET_KB = 12;
const AREA_CHUNK_BUDGET_KB = 150;
/** Lighthouse scores (0 to 1), mobile profile. */
const LOGIN_PERFORMANCE_BUDGET = 0.95;
/** Every signed-in screen, mobile profile. */
const SCREEN_PERFORMANCE_BUDGET = 0.95;
const TOTAL_BLOCKING_TIME_BUDGET_MS = 200;
const ACCESSIBILITY_BUDGET = 1;
/** p95 of one transaction list call at a million rows, measured on the platform over HTTP. */
const TRANSACTION_LIST_P95_BUDGET_MS = 50;
/** Seconds for the retention of one day at 10 million legs (its partitions dropped), PostgreSQL. */
const RETENTION_DAY_SECONDS_BUDGET = 1;
/** p95 of one inbox, actions or audit log call on a process holding a million recon transactions. */
const FINANCE_LIST_P95_BUDGET_MS = 50;
/** p95 of one recon results call (a page of 25 and its total) at a million recon transactions. */
const RESULTS_P95_BUDGET_MS = 50;
/** The CSV download of a million transactions: at least this share of COPY … TO STDOUT's rows/s. */
const DOWNLOAD_SHARE_OF_COPY_BUDGET = 0.9;
/** How far the platform's RSS may grow during a million-leg export, in MB: a streamed export stays flat. */
const EXPORT_RSS_GROWTH_BUDGET_MB = 256;
/** How far the platform's RSS may grow during the download, in MB: a streamed download stays flat. */
const DOWNLOAD_RSS_GROWTH_BUDGET_MB = 256;
/**
 * The load and match of the 100 000-record clearing file (approval to LOADED) against the same
 * database's COPY of that file into a staging table of its shape: at most this many times as long.
 */
const LOAD_COPY_RATIO_BUDGET = { postgres: 2, pglite: 4 } as const;
/** Seconds for the load and match of a million-record file (approval to LOADED). */
const LARGE_LOAD_SECONDS_BUDGET = { postgres: 20, pglite: 60 } as const;
/** How far the platform's RSS may grow from before the large upload until its file is LOADED, in MB. */
const LARGE_LOAD_RSS_GROWTH_BUDGET_MB = 256;
/** p95 of one voucher search call at 100 000 vouchers, measured on the platform over HTTP. */
const VOUCHER_SEARCH_P95_BUDGET_MS = 50;
/** p95 of one mappings page of the 100 000-entry map carrying 10 000 unsubmitted edits. */
const MAPPINGS_PAGE_P95_BUDGET_MS = 50;
/** Seconds for the upload of a 100 000-line CSV (parse, checks, set-based replace, audit). */
const UPLOAD_SECONDS_BUDGET = 10;

/** From `npm start` on a fresh clone (console build included) to a signed-in transactions page of today. */
const FIRST_START_SECONDS_BUDGET = 30;
/** The slowest answer while the first start's history is written. */
const FIRST_START_SLOWEST_ANSWER_BUDGET_MS = 2_000;

/** 10 clients on one list for 60 s, PGlite with the simulator running: each call's p99 and max. */
const CONCURRENCY_P99_BUDGET_MS = 200;
const CONCURRENCY_MAX_BUDGET_MS = 1_000;

/** The report's parts, each replaced only by a run that measures it. */
const PARTS = [
  'console',
  'first-start',
  'concurrency',
  'transactions',
  'finance',
  'results',
  'vouchers',
  'maps',
  'retention',
] as const;
type Part = (typeof PARTS)[number];
const PART_HEADINGS: Record<Part, string> = {
  console: '## Console bundles',
  'first-start': '## First start',
  concurrency: '## Under concurrency',
  transactions: '## Transaction list',
  finance: '## Finance',
  results: '## Recon results',
  vouchers: '## Voucher search',
  maps: '## Configuration maps',
  retention: '## Retention',
};
const only = process.argv.find((argument) => argument.startsWith('--only='))?.slice('--only='.length);
const ONLY_PART: Record<string, Part> = {
  lighthouse: 'console',
  'first-start': 'first-start',
  concurrency: 'concurrency',
  transactions: 'transactions',
  finance: 'finance',
  results: 'results',
  vouchers: 'vouchers',
  maps: 'maps',
  retention: 'retention',
};
if (only !== undefined && ONLY_PART[only] === undefined) {
  console.error(`--only takes ${Object.keys(ONLY_PART).join(', ')}`);
  process.exit(2);
}
const measured = (part: Part) => only === undefined || ONLY_PART[only] === part;
const runCommand = `\`npm run bench${only === undefined ? '' : ` -- --only=${only}`}\``;
const measuredLine = `Measured on ${new Date().toISOString()} by ${runCommand}.`;

// BENCH_DATABASES=postgres (or pglite) measures on one of them only, e.g. while tuning a query.
const benchDatabases: BenchDatabase[] = (
  [
    {
      kind: 'postgres',
      url: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/web_control_bench',
    },
    { kind: 'pglite', dataDir: process.env.BENCH_DATA_DIR ?? `${root}.tmp/bench-data` },
  ] satisfies BenchDatabase[]
).filter((database) => (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').includes(database.kind));

/** Databases of their own: the transaction bench's are shared by every branch's bench. */
const voucherBenchDatabases: VoucherBenchDatabase[] = [
  {
    kind: 'postgres',
    url:
      process.env.BENCH_VOUCHERS_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/web_control_bench_vouchers',
  },
  { kind: 'pglite', dataDir: process.env.BENCH_VOUCHERS_DATA_DIR ?? `${root}.tmp/bench-vouchers-data` },
];

/** Databases of their own too: each run edits and uploads to the map, then discards the changes. */
const mapBenchDatabases: BenchDatabase[] = (
  [
    {
      kind: 'postgres',
      url: process.env.BENCH_MAPS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/web_control_bench_maps',
    },
    { kind: 'pglite', dataDir: process.env.BENCH_MAPS_DATA_DIR ?? `${root}.tmp/bench-maps-data` },
  ] satisfies BenchDatabase[]
).filter((database) => (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').includes(database.kind));

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const failures: string[] = [];

/** Bytes as whole megabytes (MiB), as the report writes memory and sizes. */
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const sections: Record<Part, string[]> = {
  console: [],
  'first-start': [],
  concurrency: [],
  transactions: [],
  finance: [],
  results: [],
  vouchers: [],
  maps: [],
  retention: [],
};
async function measureConsole(): Promise<string[]> {
  const build = spawnSync('npm', ['run', '--silent', 'build', '-w', 'apps/console'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const figures = measureBundles(dist);
  const check = (what: string, bytes: number, budgetKb: number) => {
    const over = bytes / 1024 > budgetKb;
    if (over) failures.push(`${what}: ${kb(bytes)} kB is over its budget of ${budgetKb} kB`);
    return `${kb(bytes)} kB | ${budgetKb} kB | ${over ? 'over' : 'ok'}`;
  };

  const lines = [
    '## Console bundles (gzip level 9)',
    '',
    measuredLine,
    '',
    'What the /login route loads before it is interactive: the entry chunk (the login screen is part',
    'of it), its static imports and their CSS.',
    '',
    '| what | size | budget | verdict |',
    '|---|---|---|---|',
    `| /login JavaScript | ${check('/login JavaScript', figures.login.js, LOGIN_JS_BUDGET_KB)} |`,
    `| /login CSS | ${check('/login CSS', figures.login.css, LOGIN_CSS_BUDGET_KB)} |`,
    '',
    "Each area's lazily loaded chunk (what it adds beyond the entry, and for a dashboard area beyond the dashboard layout too):",
    '',
    '| area | size | budget | verdict |',
    '|---|---|---|---|',
    ...figures.areas.map(
      (area) => `| ${area.area} | ${check(`area ${area.area}`, area.js + area.css, AREA_CHUNK_BUDGET_KB)} |`,
    ),
    '',
  ];

  const [loadBefore = 0] = loadavg();
  const lighthouse = await measureLighthouse(dist);
  const [loadAfter = 0] = loadavg();
  const indexes = lighthouse.flatMap((figure) => figure.benchmarkIndexes).sort((a, b) => a - b);
  const indexRange =
    indexes.length === 0
      ? 'not given'
      : `${Math.round(indexes[0] ?? 0).toLocaleString('en')} to ${Math.round(indexes.at(-1) ?? 0).toLocaleString('en')}`;
  const scoreCell = (what: string, value: number | null, budget: number | undefined) => {
    if (value === null) {
      if (budget !== undefined) failures.push(`${what}: not scored`);
      return 'not scored';
    }
    const over = budget !== undefined && value < budget;
    if (over) failures.push(`${what}: ${value.toFixed(2)} is under its budget of ${budget.toFixed(2)}`);
    return `${value.toFixed(2)} (${budget === undefined ? 'no budget' : over ? `under ${budget.toFixed(2)}` : 'ok'})`;
  };
  const blockingCell = (what: string, value: number | null, budget: number | undefined) => {
    if (value === null) return 'not measured';
    const over = budget !== undefined && value > budget;
    if (over) failures.push(`${what}: ${value.toFixed(0)} ms is over its budget of ${budget.toString()} ms`);
    return `${value.toFixed(0)} ms${budget === undefined ? '' : over ? ' (over)' : ' (ok)'}`;
  };
  const lighthouseRow = (figure: LighthouseFigure) => {
    // Budgets are the mobile profile's; desktop is reported beside it.
    const mobile = figure.formFactor === 'mobile';
    const what = `${figure.page} (${figure.formFactor})`;
    const performanceBudget = mobile
      ? figure.page === '/login'
        ? LOGIN_PERFORMANCE_BUDGET
        : SCREEN_PERFORMANCE_BUDGET
      : undefined;
    const lcp =
      figure.largestContentfulPaint === null ? '–' : `${(figure.largestContentfulPaint / 1000).toFixed(1)} s`;
    const cls = figure.cumulativeLayoutShift === null ? '–' : figure.cumulativeLayoutShift.toFixed(2);
    return `| ${figure.page} | ${figure.formFactor} | ${scoreCell(`${what} performance`, figure.performance, performanceBudget)} | ${blockingCell(`${what} total blocking time`, figure.totalBlockingTime, mobile ? TOTAL_BLOCKING_TIME_BUDGET_MS : undefined)} | ${lcp} | ${cls} | ${scoreCell(`${what} accessibility`, figure.accessibility, ACCESSIBILITY_BUDGET)} | ${kb(figure.transferBytes)} kB |`;
  };
  lines.push(
    '## Lighthouse',
    '',
    'Lighthouse on the production build served by the platform (precompressed assets, simulator',
    'running), headless Chromium, each page a first visit with an empty cache, signed in as admin',
    '(except /login); mobile profile (simulated slow 4G and a mid-range phone) with the budgets, and',
    'the desktop profile beside it. Budgets: performance ≥ 0.95, total blocking time ≤ 200 ms and',
    'accessibility 1.00 on mobile. Each mobile figure is the median of three runs (the run Lighthouse',
    'itself picks as the median, by first paint and time to interactive); desktop is one run.',
    '',
    `Machine load average (1 min) ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after, on ${availableParallelism().toString()} cores. Lighthouse's`,
    `benchmark of the host over the runs (its benchmarkIndex, higher is faster): ${indexRange}. The mobile`,
    'profile runs the tasks it observed four times slower whatever the host, so a slower or busier one reports more',
    'blocking time: compare runs of close indexes (decision 0046).',
    '',
    '| page | profile | performance | total blocking time | LCP | layout shift | accessibility | transferred |',
    '|---|---|---|---|---|---|---|---|',
    ...lighthouse.map(lighthouseRow),
    '',
    ...lighthouse
      .filter((figure) => figure.problem !== undefined)
      .flatMap((figure) => [
        `Lighthouse on ${figure.page} (${figure.formFactor}): ${figure.problem ?? ''}`,
        '',
      ]),
  );
  return lines;
}

const ms = (value: number) => value.toFixed(1);

/** The concurrency section: each list's p99 and max at 10 clients, health's alongside. */
async function measureConcurrencyPart(): Promise<string[]> {
  const [loadBefore = 0] = loadavg();
  const { firstStartSeconds, figures } = await measureConcurrency();
  const [loadAfter = 0] = loadavg();
  const cell = (what: string, value: number, budget: number | undefined) => {
    const over = budget !== undefined && value > budget;
    if (over) failures.push(`concurrency, ${what}: ${ms(value)} ms is over ${budget.toString()} ms`);
    return `${ms(value)} ms${budget === undefined ? '' : over ? ' (over)' : ' (ok)'}`;
  };
  return [
    '## Under concurrency',
    '',
    measuredLine,
    `Machine load average (1 min) ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after, on ${availableParallelism().toString()} cores.`,
    '',
    `The platform as \`npm start\` runs it, in its own process: PGlite, the simulator running, its own demo data`,
    firstStartSeconds === undefined
      ? '(written by an earlier run).'
      : `(written by this run: ${firstStartSeconds.toFixed(0)} s from the launch to the finance demo feed).`,
    `For each call, ${CONCURRENT_CLIENTS.toString()} clients (autocannon) call it for ${CALL_SECONDS.toString()} s as admin while \`/api/health\` is called`,
    `one at a time beside them. Budgets: p99 ≤ ${CONCURRENCY_P99_BUDGET_MS.toString()} ms and max ≤ ${CONCURRENCY_MAX_BUDGET_MS.toString()} ms for each call.`,
    '',
    '| call | requests | not 2xx | p50 | p99 | max | health p99 | health max |',
    '|---|---|---|---|---|---|---|---|',
    ...figures.map(
      (figure) =>
        `| ${figure.call} | ${figure.requests.toLocaleString('en')} | ${figure.failed.toString()} | ${ms(figure.p50)} ms | ${cell(`${figure.call} p99`, figure.p99, CONCURRENCY_P99_BUDGET_MS)} | ${cell(`${figure.call} max`, figure.max, CONCURRENCY_MAX_BUDGET_MS)} | ${cell('health p99', figure.health.p99, undefined)} | ${cell('health max', figure.health.max, undefined)} |`,
    ),
    '',
    'Calls:',
    '',
    ...figures.map((figure) => `- ${figure.call}: \`${figure.path}\``),
    '',
  ];
}

/** The first-start section: time to a usable product, and how slow its answers get meanwhile. */
async function measureFirstStartPart(): Promise<string[]> {
  const [loadBefore = 0] = loadavg();
  const figures = await measureFirstStart();
  const [loadAfter = 0] = loadavg();
  const toList = figures.buildSeconds + figures.listSeconds;
  const verdict = (over: boolean, what: string, failure: string) => {
    if (over) failures.push(`first start, ${what}: ${failure}`);
    return over ? 'over' : 'ok';
  };
  const seconds = (value: number) => `${value.toFixed(1)} s`;
  return [
    '## First start',
    '',
    measuredLine,
    `Machine load average (1 min) ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after, on ${availableParallelism().toString()} cores.`,
    '',
    'The console build, then the platform launched as `npm start` runs it on an empty data folder, simulator',
    "on with the settings' defaults (a day of transactions written in the background). A signed-in",
    "operator asks for today's transactions (`GET /api/ecs/transactions?dateFrom=<today 00:00 UTC>`) until",
    `the page has rows; then \`/api/health\` and that page are called in turn for ${WATCH_SECONDS.toString()} s.`,
    '',
    '| what | figure | budget | verdict |',
    '|---|---|---|---|',
    `| console build | ${seconds(figures.buildSeconds)} | – | – |`,
    `| launch to \`/api/health\` 200 | ${seconds(figures.healthSeconds)} | – | – |`,
    `| launch to today's transactions (${figures.listRows.toString()} rows) | ${seconds(figures.listSeconds)} | – | – |`,
    `| build and launch to today's transactions | ${seconds(toList)} | ${FIRST_START_SECONDS_BUDGET.toString()} s | ${verdict(toList > FIRST_START_SECONDS_BUDGET, 'to a list of today', `${toList.toFixed(1)} s is over ${FIRST_START_SECONDS_BUDGET.toString()} s`)} |`,
    `| slowest \`/api/health\` of ${figures.calls.toString()} | ${ms(figures.slowestHealthMs)} ms | ${FIRST_START_SLOWEST_ANSWER_BUDGET_MS.toString()} ms | ${verdict(figures.slowestHealthMs > FIRST_START_SLOWEST_ANSWER_BUDGET_MS, 'slowest health', `${ms(figures.slowestHealthMs)} ms`)} |`,
    `| slowest list of today of ${figures.calls.toString()} | ${ms(figures.slowestListMs)} ms | ${FIRST_START_SLOWEST_ANSWER_BUDGET_MS.toString()} ms | ${verdict(figures.slowestListMs > FIRST_START_SLOWEST_ANSWER_BUDGET_MS, 'slowest list', `${ms(figures.slowestListMs)} ms`)} |`,
    '',
    figures.historySeconds === undefined
      ? `The day of transactions was still being written when the watch ended.`
      : `The day of transactions (${(figures.historyTransactions ?? 0).toLocaleString('en')}) was written ${figures.historySeconds.toFixed(0)} s after the launch.`,
    '',
  ];
}
const databaseName = (database: BenchDatabase) =>
  database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)';

function transactionLatencyRow(kind: string, figure: LatencyFigure, budget: number | undefined): string {
  const over = budget !== undefined && figure.p95 > budget;
  if (over) {
    failures.push(
      `transactions on ${kind}, ${figure.scenario}: p95 ${ms(figure.p95)} ms is over ${budget.toString()} ms`,
    );
  }
  const verdict = budget === undefined ? 'baseline' : over ? 'over' : 'ok';
  return `| ${figure.scenario} | ${figure.index ?? '–'} | ${figure.rows.toString()} | ${ms(figure.p50)} ms | ${ms(figure.p95)} ms | ${ms(figure.max)} ms | ${budget === undefined ? '–' : `${budget.toString()} ms`} | ${verdict} |`;
}

/** Retention of one day at 10 million legs: the partition drop against the DELETE it replaced. */
async function measureRetentionPart(): Promise<string[]> {
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
    failures.push(
      `retention of one day: ${seconds(figures.detachSeconds)} is over ${RETENTION_DAY_SECONDS_BUDGET.toString()} s`,
    );
  }
  return [
    `## Retention at ${count(RETENTION_BENCH_LEGS)} legs, PostgreSQL`,
    '',
    measuredLine,
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
    transactionLatencyRow('postgres', figures.lists.health, undefined),
    ...figures.lists.lists.map((figure) =>
      transactionLatencyRow('postgres', figure, TRANSACTION_LIST_P95_BUDGET_MS),
    ),
    '',
  ];
}

async function measureTransactionLists(): Promise<string[]> {
  const lines: string[] = [];
  for (const database of benchDatabases) {
    const transactions = await measureTransactions(database);
    const latencyRow = (figure: LatencyFigure, budget: number | undefined) =>
      transactionLatencyRow(database.kind, figure, budget);
    lines.push(
      `## Transaction list at ${BENCH_TRANSACTIONS.toLocaleString('en')} rows, ${databaseName(database)}`,
      '',
      measuredLine,
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
      ...exportLines(database, transactions),
    );
  }
  return lines;
}

/** Export CSV of a million legs: every row of the filter, memory flat (issue 25). */
function exportLines(database: BenchDatabase, figures: TransactionFigures): string[] {
  const exported = figures.export;
  const growthMb = (exported.rss.peak - exported.rss.before) / 1024 / 1024;
  const everyRow = exported.rows === figures.transactions;
  const over = growthMb > EXPORT_RSS_GROWTH_BUDGET_MB;
  if (over) {
    failures.push(`transactions on ${database.kind}, export: RSS grew ${growthMb.toFixed(0)} MB`);
  }
  if (!everyRow) {
    failures.push(
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

async function measureFinanceCalls(): Promise<string[]> {
  const lines: string[] = [];
  const count = (value: number) => value.toLocaleString('en');
  for (const database of benchDatabases) {
    const finance = await measureFinance(database);
    const listRow = (figure: ListFigure, budget: number | undefined) => {
      const over = budget !== undefined && figure.p95 > budget;
      if (over) {
        failures.push(
          `finance on ${database.kind}, ${figure.scenario}: p95 ${ms(figure.p95)} ms is over ${budget.toString()} ms`,
        );
      }
      const verdict = budget === undefined ? 'baseline' : over ? 'over' : 'ok';
      return `| ${figure.scenario} | ${figure.rows.toString()} | ${count(figure.total)} | ${ms(figure.p50)} ms | ${ms(figure.p95)} ms | ${ms(figure.max)} ms | ${budget === undefined ? '–' : `${budget.toString()} ms`} | ${verdict} |`;
    };
    const loadRow = (step: (typeof finance.load)[number], budget: number | undefined) => {
      const perSecond = step.records / (step.ms / 1000);
      const under = budget !== undefined && perSecond < budget;
      if (under) {
        failures.push(
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
        failures.push(
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
        failures.push(
          `finance on ${database.kind}: the million-record load took ${seconds.toFixed(1)} s, over ${secondsBudget.toString()} s`,
        );
      }
      if (growthMb > LARGE_LOAD_RSS_GROWTH_BUDGET_MB) {
        failures.push(
          `finance on ${database.kind}: RSS grew ${growthMb.toFixed(0)} MB during the million-record load`,
        );
      }
      return [
        `### A ${count(large.records)}-record file`,
        '',
        `finance-operator uploads a switch file of ${count(large.records)} records (${mb(large.bytes)} MB) for a day of its own`,
        'and finance-approver approves it; the time is from the approval to LOADED (the approval answers at',
        'once). The resident memory is the bench process’s, which runs the platform, sampled every 20 ms',
        'from before the upload until LOADED; while the file loads, the calls below are timed as above.',
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
            `| $1${figure.during ? '' : ' (load ended first)'} |`,
          ),
        ),
        '',
      ];
    };
    lines.push(
      `## Finance at ${BENCH_RECON_TRANSACTIONS.toLocaleString('en')} recon transactions, ${databaseName(database)}`,
      '',
      measuredLine,
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

/** The recon results sections: the grid's call p95, and on PostgreSQL the CSV download against COPY. */
async function measureReconResults(): Promise<string[]> {
  const lines: string[] = [];
  const count = (value: number) => value.toLocaleString('en');
  for (const database of benchDatabases) {
    const figures = await measureResults(database);
    const row = (figure: ListFigure, budget: number | undefined) => {
      const over = budget !== undefined && figure.p95 > budget;
      if (over) {
        failures.push(
          `results on ${database.kind}, ${figure.scenario}: p95 ${ms(figure.p95)} ms is over ${budget.toString()} ms`,
        );
      }
      const verdict = budget === undefined ? 'baseline' : over ? 'over' : 'ok';
      return `| ${figure.scenario} | ${figure.rows.toString()} | ${count(figure.total)} | ${ms(figure.p50)} ms | ${ms(figure.p95)} ms | ${ms(figure.max)} ms | ${budget === undefined ? '–' : `${budget.toString()} ms`} | ${verdict} |`;
    };
    lines.push(
      `## Recon results at ${count(BENCH_RECON_TRANSACTIONS)} recon transactions, ${databaseName(database)}`,
      '',
      measuredLine,
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
      failures.push(
        `results on ${database.kind}, download: ${(share * 100).toFixed(0)} % of COPY's rows/s is under ${(DOWNLOAD_SHARE_OF_COPY_BUDGET * 100).toFixed(0)} %`,
      );
    }
    const growth = download.rss.peak - download.rss.before;
    const rssOver = growth / 1024 / 1024 > DOWNLOAD_RSS_GROWTH_BUDGET_MB;
    if (rssOver) {
      failures.push(
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

/** The voucher search sections, each scenario's p95 against its budget. */
async function measureVoucherSearch(): Promise<string[]> {
  const lines: string[] = [];
  for (const database of voucherBenchDatabases) {
    // Other work on the machine shows in every figure, /api/health's too: say how busy it was.
    const [loadBefore = 0] = loadavg();
    const figures = await measureVouchers(database);
    const [loadAfter = 0] = loadavg();
    const row = (
      scenario: string,
      index: string | undefined,
      rows: string,
      figure: { p50: number; p95: number; max: number },
      budget: number | undefined,
    ) => {
      const over = budget !== undefined && figure.p95 > budget;
      if (over) {
        failures.push(
          `vouchers on ${database.kind}, ${scenario}: p95 ${ms(figure.p95)} ms is over ${budget.toString()} ms`,
        );
      }
      const verdict = budget === undefined ? 'baseline' : over ? 'over' : 'ok';
      return `| ${scenario} | ${index ?? '–'} | ${rows} | ${ms(figure.p50)} ms | ${ms(figure.p95)} ms | ${ms(figure.max)} ms | ${budget === undefined ? '–' : `${budget.toString()} ms`} | ${verdict} |`;
    };
    lines.push(
      `## Voucher search at ${BENCH_VOUCHERS.toLocaleString('en')} vouchers, ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`,
      '',
      measuredLine,
      '',
      `${figures.database} holding ${figures.vouchers.toLocaleString('en')} vouchers with their history` +
        `${figures.seededNow ? `, seeded in this run in ${(figures.seedSeconds ?? 0).toFixed(0)} s` : ''}; the platform on the same machine, simulator off;`,
      `Machine load average (1 min) ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after, on ${availableParallelism().toString()} cores;`,
      'each scenario is 200 sequential `GET /api/moneytransfer/orders` calls (25 a page, with the count of',
      'every match) over HTTP after 20 warm-up calls, with `/api/health` measured the same way as the baseline.',
      '"index" is the index the page is read from (EXPLAIN of the same query); "rows" the page and the matches.',
      '',
      '| scenario | index | rows | p50 | p95 | max | budget (p95) | verdict |',
      '|---|---|---|---|---|---|---|---|',
      row('/api/health', undefined, '–', figures.health, undefined),
      ...figures.searches.map((figure) =>
        row(
          figure.scenario,
          figure.index,
          `${figure.rows.toString()} of ${figure.matching.toLocaleString('en')}`,
          figure,
          VOUCHER_SEARCH_P95_BUDGET_MS,
        ),
      ),
      '',
      'Queries:',
      '',
      ...figures.searches.map((figure) => `- ${figure.scenario}: \`${figure.query}\``),
      '',
    );
  }
  return lines;
}

/** The configuration map sections: the mappings pages' p95 and the upload's seconds. */
async function measureMaps(): Promise<string[]> {
  const lines: string[] = [];
  const count = (value: number) => value.toLocaleString('en');
  for (const database of mapBenchDatabases) {
    const [loadBefore = 0] = loadavg();
    const figures = await measureConfigMaps(database);
    const [loadAfter = 0] = loadavg();
    const row = (figure: MapListFigure | (typeof figures)['health'], budget: number | undefined) => {
      const scenario = 'scenario' in figure ? figure.scenario : '/api/health';
      const over = budget !== undefined && figure.p95 > budget;
      if (over) {
        failures.push(
          `maps on ${database.kind}, ${scenario}: p95 ${ms(figure.p95)} ms is over ${budget.toString()} ms`,
        );
      }
      const verdict = budget === undefined ? 'baseline' : over ? 'over' : 'ok';
      return `| ${scenario} | ${'rows' in figure ? figure.rows.toString() : '–'} | ${ms(figure.p50)} ms | ${ms(figure.p95)} ms | ${ms(figure.max)} ms | ${budget === undefined ? '–' : `${budget.toString()} ms`} | ${verdict} |`;
    };
    const uploadRow = (upload: (typeof figures.uploads)[number], index: number) => {
      const over = upload.seconds > UPLOAD_SECONDS_BUDGET;
      if (over) {
        failures.push(
          `maps on ${database.kind}, upload ${(index + 1).toString()}: ${upload.seconds.toFixed(2)} s is over ${UPLOAD_SECONDS_BUDGET.toString()} s`,
        );
      }
      return `| ${(index + 1).toString()} | ${upload.seconds.toFixed(2)} s | ${count(upload.added)} | ${count(upload.updated)} | ${count(upload.deleted)} | ${UPLOAD_SECONDS_BUDGET.toString()} s | ${over ? 'over' : 'ok'} |`;
    };
    const { edits } = figures;
    lines.push(
      `## Configuration maps at ${count(BENCH_MAP_ENTRIES)} mappings, ${databaseName(database)}`,
      '',
      measuredLine,
      `Machine load average (1 min) ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after, on ${availableParallelism().toString()} cores (shared with other work).`,
      '',
      `${figures.database}: the demo's \`${BENCH_MAP}\` map as the platform's seed makes it (${count(figures.entries)} applied`,
      `mappings, \`DEMO_BIN_ROUTING_ENTRIES\` default; the platform started in ${figures.startSeconds.toFixed(1)} s), carrying`,
      `${count(BENCH_MAP_EDITS)} unsubmitted edits spread over the whole map (${count(edits.updated)} updated, ${count(edits.deleted)} deleted,`,
      `${count(edits.added)} added), made set-based the way the module stores them and not followed by an ANALYZE`,
      "(PGlite has no autovacuum: the planner sees what the product's would); the platform on the same machine,",
      'simulator off. Each scenario is 200 sequential `GET /api/config/maps/bin-routing/mappings` calls as',
      'operator (25 a page) over HTTP after 20 warm-up calls, with `/api/health` measured the same way as',
      'the baseline.',
      '',
      '| scenario | rows | p50 | p95 | max | budget (p95) | verdict |',
      '|---|---|---|---|---|---|---|',
      row(figures.health, undefined),
      ...figures.lists.map((figure) => row(figure, MAPPINGS_PAGE_P95_BUDGET_MS)),
      '',
      'Calls:',
      '',
      ...figures.lists.map((figure) => `- ${figure.scenario}: \`${figure.path}\``),
      '',
      `### Upload of a ${count(UPLOAD_LINES)}-line CSV`,
      '',
      `\`PUT /api/config/maps/bin-routing/mappings\` as operator, multipart field \`mappingsFile\`, a`,
      `${(figures.uploadBytes / 1024 / 1024).toFixed(1)} MiB \`key,value\` CSV: the applied map's BINs with one in fifty routed elsewhere and one`,
      'in fifty replaced by a new BIN. The time is the whole call (upload, parse, checks, the set-based',
      'replace of the map as edited, the audit entry); each upload first undoes the earlier unsubmitted',
      "changes (the first one the 10 000 edits). The run's changes are discarded afterwards.",
      '',
      '| upload | time | added | updated | deleted | budget | verdict |',
      '|---|---|---|---|---|---|---|',
      ...figures.uploads.map(uploadRow),
      '',
    );
  }
  return lines;
}

if (measured('console')) sections.console = await measureConsole();
if (measured('first-start')) sections['first-start'] = await measureFirstStartPart();
if (measured('concurrency')) sections.concurrency = await measureConcurrencyPart();
if (measured('transactions')) sections.transactions = await measureTransactionLists();
if (measured('finance')) sections.finance = await measureFinanceCalls();
if (measured('results')) sections.results = await measureReconResults();
if (measured('vouchers')) sections.vouchers = await measureVoucherSearch();
if (measured('maps')) sections.maps = await measureMaps();
if (measured('retention')) sections.retention = await measureRetentionPart();

/** The previous report's text of a part: from its first heading to the next part's. */
function previousPart(previous: string, part: Part): string[] {
  const begin = previous.indexOf(PART_HEADINGS[part]);
  if (begin === -1) return [];
  // A part has a section per database, all under the same heading: it ends at another part's.
  const ends = PARTS.filter((other) => other !== part)
    .map((other) => previous.indexOf(PART_HEADINGS[other], begin + 1))
    .filter((index) => index > begin);
  return [previous.slice(begin, ends.length === 0 ? undefined : Math.min(...ends)).trimEnd(), ''];
}
const DATABASE_NAMES = ['PostgreSQL', 'PGlite (embedded)'];
/** The database a section's heading names (`## … at …, PostgreSQL`), or -1 for none. */
const databaseOrder = (section: string) =>
  DATABASE_NAMES.findIndex((name) => section.slice(0, section.indexOf('\n')).endsWith(`, ${name}`));

/**
 * A measured part's sections, with the previous report's sections of a database this run left out
 * (BENCH_DATABASES) kept beside them, each database in its place.
 */
function measuredPart(previous: string, part: Part): string[] {
  const bySection = (text: string) =>
    text.split(new RegExp(`(?=^${PART_HEADINGS[part]})`, 'm')).filter((section) => section.trim() !== '');
  const fresh = bySection(sections[part].join('\n'));
  const headings = new Set(fresh.map((section) => section.slice(0, section.indexOf('\n'))));
  const kept = bySection(previousPart(previous, part).join('\n')).filter(
    (section) =>
      databaseOrder(section) !== -1 &&
      !benchDatabases.some((database) => databaseName(database) === DATABASE_NAMES[databaseOrder(section)]) &&
      !headings.has(section.slice(0, section.indexOf('\n'))),
  );
  if (kept.length === 0) return sections[part];
  return [...fresh, ...kept]
    .sort((a, b) => databaseOrder(a) - databaseOrder(b))
    .flatMap((section) => [section.trimEnd(), '']);
}
const previous = existsSync(report) ? readFileSync(report, 'utf8') : '';
const lines = [
  '# Web Control bench report',
  '',
  'Written by `npm run bench`; each part says when it was measured (`--only=` runs replace one part).',
  '',
  ...PARTS.flatMap((part) => (measured(part) ? measuredPart(previous, part) : previousPart(previous, part))),
];
writeFileSync(report, lines.join('\n'));
console.log(lines.join('\n'));
if (failures.length > 0) {
  console.error(`\nOver budget:\n${failures.join('\n')}`);
  process.exit(1);
}
