import { availableParallelism, loadavg } from 'node:os';
import { CALL_SECONDS, CONCURRENT_CLIENTS, measureConcurrency } from '../concurrency.ts';
import { measureFirstStart, WATCH_SECONDS } from '../first-start.ts';
import { ms, type ReportContext } from './context.ts';

/** From `npm start` on a fresh clone (console build included) to a signed-in transactions page of today. */
const FIRST_START_SECONDS_BUDGET = 30;
/** The slowest answer while the first start's history is written. */
const FIRST_START_SLOWEST_ANSWER_BUDGET_MS = 2_000;
/** 10 clients on one list for 60 s, PGlite with the simulator running: each call's p99 and max. */
const CONCURRENCY_P99_BUDGET_MS = 200;
const CONCURRENCY_MAX_BUDGET_MS = 1_000;

/** The concurrency section: each list's p99 and max at 10 clients, health's alongside. */
export async function measureConcurrencyPart(context: ReportContext): Promise<string[]> {
  const [loadBefore = 0] = loadavg();
  const { firstStartSeconds, figures } = await measureConcurrency();
  const [loadAfter = 0] = loadavg();
  const cell = (what: string, value: number, budget: number | undefined) => {
    const over = budget !== undefined && value > budget;
    if (over) context.failures.push(`concurrency, ${what}: ${ms(value)} ms is over ${budget.toString()} ms`);
    return `${ms(value)} ms${budget === undefined ? '' : over ? ' (over)' : ' (ok)'}`;
  };
  return [
    '## Under concurrency',
    '',
    context.measuredLine,
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
export async function measureFirstStartPart(context: ReportContext): Promise<string[]> {
  const [loadBefore = 0] = loadavg();
  const figures = await measureFirstStart();
  const [loadAfter = 0] = loadavg();
  const toList = figures.buildSeconds + figures.listSeconds;
  const verdict = (over: boolean, what: string, failure: string) => {
    if (over) context.failures.push(`first start, ${what}: ${failure}`);
    return over ? 'over' : 'ok';
  };
  const seconds = (value: number) => `${value.toFixed(1)} s`;
  return [
    '## First start',
    '',
    context.measuredLine,
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
