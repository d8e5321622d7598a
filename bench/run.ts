// `npm run bench`: measures, and writes bench/report.md. Budgets live here, not in unit tests.
// `npm run bench -- --only=lighthouse` measures the bundles and Lighthouse only, and replaces
// their sections in the report (the transaction list at a million rows takes minutes).
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

const benchDatabases: BenchDatabase[] = [
  {
    kind: 'postgres',
    url: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/web_control_bench',
  },
  { kind: 'pglite', dataDir: process.env.BENCH_DATA_DIR ?? `${root}.tmp/bench-data` },
];

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
if (onlyLighthouse) {
  // Keep the transaction sections of the last full run.
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
