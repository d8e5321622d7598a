// `npm run bench`: measures, and writes bench/report.md. Budgets live here, not in unit tests.
// `npm run bench -- --only=lighthouse` measures the bundles and Lighthouse only, and replaces
// their sections in the report (the transaction list at a million rows takes minutes);
// `npm run bench -- --only=vouchers` measures the voucher search only and replaces its sections.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measureBundles } from './src/bundle-size.ts';
import { measureLighthouse } from './src/lighthouse.ts';
import {
  BENCH_TRANSACTIONS,
  measureTransactions,
  type BenchDatabase,
  type LatencyFigure,
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
const ACCESSIBILITY_BUDGET = 1;
/** p95 of one transaction list call at a million rows, measured on the platform over HTTP. */
const TRANSACTION_LIST_P95_BUDGET_MS = 50;

/** p95 of one voucher search call at 100 000 vouchers, measured on the platform over HTTP. */
const VOUCHER_SEARCH_P95_BUDGET_MS = 50;

const benchDatabases: BenchDatabase[] = [
  {
    kind: 'postgres',
    url: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/web_control_bench',
  },
  { kind: 'pglite', dataDir: process.env.BENCH_DATA_DIR ?? `${root}.tmp/bench-data` },
];

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

const VOUCHER_SECTION = '## Voucher search';
const fixed = (value: number) => value.toFixed(1);

/** The voucher search sections, each scenario's p95 against its budget. */
async function voucherSections(failures: string[]): Promise<string[]> {
  const lines: string[] = [];
  for (const database of voucherBenchDatabases) {
    const figures = await measureVouchers(database);
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
          `vouchers on ${database.kind}, ${scenario}: p95 ${fixed(figure.p95)} ms is over ${budget.toString()} ms`,
        );
      }
      const verdict = budget === undefined ? 'baseline' : over ? 'over' : 'ok';
      return `| ${scenario} | ${index ?? '–'} | ${rows} | ${fixed(figure.p50)} ms | ${fixed(figure.p95)} ms | ${fixed(figure.max)} ms | ${budget === undefined ? '–' : `${budget.toString()} ms`} | ${verdict} |`;
    };
    lines.push(
      `${VOUCHER_SECTION} at ${BENCH_VOUCHERS.toLocaleString('en')} vouchers, ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`,
      '',
      `${figures.database} holding ${figures.vouchers.toLocaleString('en')} vouchers with their history` +
        `${figures.seededNow ? `, seeded in this run in ${(figures.seedSeconds ?? 0).toFixed(0)} s` : ''}; the platform on the same machine, simulator off;`,
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

if (process.argv.includes('--only=vouchers')) {
  const failures: string[] = [];
  const sections = await voucherSections(failures);
  const previous = readFileSync(report, 'utf8');
  const kept = previous.indexOf(VOUCHER_SECTION);
  const written = `${(kept === -1 ? previous : previous.slice(0, kept)).trimEnd()}\n\n${sections.join('\n')}`;
  writeFileSync(report, written);
  console.log(sections.join('\n'));
  if (failures.length > 0) {
    console.error(`\nOver budget:\n${failures.join('\n')}`);
    process.exit(1);
  }
  process.exit(0);
}

const build = spawnSync('npm', ['run', '--silent', 'build', '-w', 'apps/console'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const figures = measureBundles(dist);
const failures: string[] = [];
const check = (what: string, bytes: number, budgetKb: number) => {
  const over = bytes / 1024 > budgetKb;
  if (over) failures.push(`${what}: ${kb(bytes)} kB is over its budget of ${budgetKb} kB`);
  return `${kb(bytes)} kB | ${budgetKb} kB | ${over ? 'over' : 'ok'}`;
};

const lines = [
  '# Web Control bench report',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString()}.`,
  '',
  '## Console bundles (gzip level 9)',
  '',
  'What the /login route loads before it is interactive: the entry chunk (the login screen is part',
  'of it), its static imports and their CSS.',
  '',
  '| what | size | budget | verdict |',
  '|---|---|---|---|',
  `| /login JavaScript | ${check('/login JavaScript', figures.login.js, LOGIN_JS_BUDGET_KB)} |`,
  `| /login CSS | ${check('/login CSS', figures.login.css, LOGIN_CSS_BUDGET_KB)} |`,
  '',
  "Each area's lazily loaded chunk (what it adds beyond the entry):",
  '',
  '| area | size | budget | verdict |',
  '|---|---|---|---|',
  ...figures.areas.map(
    (area) => `| ${area.area} | ${check(`area ${area.area}`, area.js + area.css, AREA_CHUNK_BUDGET_KB)} |`,
  ),
  '',
];

const lighthouse = await measureLighthouse(dist);
const scoreCell = (what: string, value: number | null, budget: number | undefined) => {
  if (value === null) {
    if (budget !== undefined) failures.push(`${what}: not scored`);
    return 'not scored';
  }
  const over = budget !== undefined && value < budget;
  if (over) failures.push(`${what}: ${value.toFixed(2)} is under its budget of ${budget.toFixed(2)}`);
  return `${value.toFixed(2)} (${budget === undefined ? 'no budget' : over ? `under ${budget.toFixed(2)}` : 'ok'})`;
};
lines.push(
  '## Lighthouse',
  '',
  'Lighthouse on the production build served by the platform (precompressed assets), mobile',
  'profile (simulated slow 4G and a mid-range phone), headless Chromium, each page a first visit',
  'with an empty cache; /dashboard/transactions signed in as admin.',
  '',
  '| page | performance | accessibility | transferred |',
  '|---|---|---|---|',
  ...lighthouse.map(
    (figure) =>
      `| ${figure.page} | ${scoreCell(`${figure.page} performance`, figure.performance, figure.page === '/login' ? LOGIN_PERFORMANCE_BUDGET : undefined)} | ${scoreCell(`${figure.page} accessibility`, figure.accessibility, ACCESSIBILITY_BUDGET)} | ${kb(figure.transferBytes)} kB |`,
  ),
  '',
  ...lighthouse
    .filter((figure) => figure.problem !== undefined)
    .flatMap((figure) => [`Lighthouse on ${figure.page}: ${figure.problem ?? ''}`, '']),
);

const onlyLighthouse = process.argv.includes('--only=lighthouse');
const ms = (value: number) => value.toFixed(1);
for (const database of onlyLighthouse ? [] : benchDatabases) {
  const transactions = await measureTransactions(database);
  const latencyRow = (figure: LatencyFigure, budget: number | undefined) => {
    const over = budget !== undefined && figure.p95 > budget;
    if (over) {
      failures.push(
        `transactions on ${database.kind}, ${figure.scenario}: p95 ${ms(figure.p95)} ms is over ${budget.toString()} ms`,
      );
    }
    const verdict = budget === undefined ? 'baseline' : over ? 'over' : 'ok';
    return `| ${figure.scenario} | ${figure.index ?? '–'} | ${figure.rows.toString()} | ${ms(figure.p50)} ms | ${ms(figure.p95)} ms | ${ms(figure.max)} ms | ${budget === undefined ? '–' : `${budget.toString()} ms`} | ${verdict} |`;
  };
  lines.push(
    `## Transaction list at ${BENCH_TRANSACTIONS.toLocaleString('en')} rows, ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`,
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
  );
}
if (!onlyLighthouse) lines.push(...(await voucherSections(failures)));
if (onlyLighthouse) {
  // Keep the transaction and voucher sections of the last full run.
  const previous = readFileSync(report, 'utf8');
  const kept = previous.indexOf('## Transaction list');
  lines.push(kept === -1 ? '' : previous.slice(kept));
}
writeFileSync(report, lines.join('\n'));
console.log(lines.join('\n'));
if (failures.length > 0) {
  console.error(`\nOver budget:\n${failures.join('\n')}`);
  process.exit(1);
}
