// `npm run bench`: measures, and writes bench/report.md. Budgets live here, not in unit tests.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measureBundles } from './src/bundle-size.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}apps/console/dist`;
const report = fileURLToPath(new URL('report.md', import.meta.url));

/** Budgets in gzipped kB; a figure over budget fails the bench. */
const LOGIN_JS_BUDGET_KB = 260;
const LOGIN_CSS_BUDGET_KB = 45;
const AREA_CHUNK_BUDGET_KB = 150;

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
  'What the /login route loads before it is interactive: the entry chunk, its static imports, the',
  'login screen chunk and their CSS.',
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
writeFileSync(report, lines.join('\n'));
console.log(lines.join('\n'));
if (failures.length > 0) {
  console.error(`\nOver budget:\n${failures.join('\n')}`);
  process.exit(1);
}
