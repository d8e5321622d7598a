import { availableParallelism, loadavg } from 'node:os';
import { BENCH_VOUCHERS, measureVouchers, type VoucherBenchDatabase } from '../vouchers.ts';
import { latencyCells, type ReportContext } from './context.ts';

/** p95 of one voucher search call at 100 000 vouchers, measured on the platform over HTTP. */
const VOUCHER_SEARCH_P95_BUDGET_MS = 50;

/** The voucher search sections, each scenario's p95 against its budget. */
export async function measureVoucherSearch(
  context: ReportContext,
  databases: readonly VoucherBenchDatabase[],
): Promise<string[]> {
  const lines: string[] = [];
  for (const database of databases) {
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
      const what = `vouchers on ${database.kind}, ${scenario}`;
      return `| ${scenario} | ${index ?? '–'} | ${rows} | ${latencyCells(context, what, figure, budget)}`;
    };
    lines.push(
      `## Voucher search at ${BENCH_VOUCHERS.toLocaleString('en')} vouchers, ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`,
      '',
      context.measuredLine,
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
