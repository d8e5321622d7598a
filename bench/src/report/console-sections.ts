import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { measureBundles } from '../bundle-size.ts';
import { measureLighthouse, type LighthouseFigure } from '../lighthouse.ts';
import { kb, type ReportContext } from './context.ts';

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

/** The bundles' sizes and Lighthouse on /login and the signed-in screens. */
export async function measureConsole(
  context: ReportContext,
  { root, dist }: { root: string; dist: string },
): Promise<string[]> {
  const build = spawnSync('npm', ['run', '--silent', 'build', '-w', 'apps/console'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const figures = measureBundles(dist);
  const check = (what: string, bytes: number, budgetKb: number) => {
    const over = bytes / 1024 > budgetKb;
    if (over) context.failures.push(`${what}: ${kb(bytes)} kB is over its budget of ${budgetKb} kB`);
    return `${kb(bytes)} kB | ${budgetKb} kB | ${over ? 'over' : 'ok'}`;
  };

  const lines = [
    '## Console bundles (gzip level 9)',
    '',
    context.measuredLine,
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
      if (budget !== undefined) context.failures.push(`${what}: not scored`);
      return 'not scored';
    }
    const over = budget !== undefined && value < budget;
    if (over)
      context.failures.push(`${what}: ${value.toFixed(2)} is under its budget of ${budget.toFixed(2)}`);
    return `${value.toFixed(2)} (${budget === undefined ? 'no budget' : over ? `under ${budget.toFixed(2)}` : 'ok'})`;
  };
  const blockingCell = (what: string, value: number | null, budget: number | undefined) => {
    if (value === null) return 'not measured';
    const over = budget !== undefined && value > budget;
    if (over)
      context.failures.push(`${what}: ${value.toFixed(0)} ms is over its budget of ${budget.toString()} ms`);
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
