// `npm run bench`: measures, and writes bench/report.md. Budgets live here, not in unit tests.
// `npm run bench -- --only=lighthouse` (the bundles and Lighthouse), `--only=transactions`,
// `--only=finance`, `--only=results`, `--only=vouchers`, `--only=maps`, `--only=first-start`,
// `--only=concurrency` or `--only=retention` (PostgreSQL only, 10 million legs) measures one part and
// replaces only its sections in the report (each million-row part takes minutes).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchDatabase } from './src/platform.ts';
import { measureConsole } from './src/report/console-sections.ts';
import { databaseName, type ReportContext } from './src/report/context.ts';
import { measureFinanceCalls } from './src/report/finance-sections.ts';
import { measureMaps } from './src/report/maps-sections.ts';
import { measureReconResults } from './src/report/results-sections.ts';
import { measureConcurrencyPart, measureFirstStartPart } from './src/report/start-sections.ts';
import { measureRetentionPart, measureTransactionLists } from './src/report/transactions-sections.ts';
import { measureVoucherSearch } from './src/report/vouchers-sections.ts';
import type { VoucherBenchDatabase } from './src/vouchers.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}apps/console/dist`;
const report = fileURLToPath(new URL('report.md', import.meta.url));

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

const failures: string[] = [];
const context: ReportContext = { measuredLine, failures };
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

if (measured('console')) sections.console = await measureConsole(context, { root, dist });
if (measured('first-start')) sections['first-start'] = await measureFirstStartPart(context);
if (measured('concurrency')) sections.concurrency = await measureConcurrencyPart(context);
if (measured('transactions')) sections.transactions = await measureTransactionLists(context, benchDatabases);
if (measured('finance')) sections.finance = await measureFinanceCalls(context, benchDatabases);
if (measured('results')) sections.results = await measureReconResults(context, benchDatabases);
if (measured('vouchers')) sections.vouchers = await measureVoucherSearch(context, voucherBenchDatabases);
if (measured('maps')) sections.maps = await measureMaps(context, mapBenchDatabases);
if (measured('retention')) sections.retention = await measureRetentionPart(context);

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
