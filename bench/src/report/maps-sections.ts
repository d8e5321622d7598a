import { availableParallelism, loadavg } from 'node:os';
import {
  BENCH_MAP,
  BENCH_MAP_EDITS,
  BENCH_MAP_ENTRIES,
  measureConfigMaps,
  UPLOAD_LINES,
  type MapListFigure,
} from '../config-maps.ts';
import type { BenchDatabase } from '../platform.ts';
import { databaseName, latencyCells, type ReportContext } from './context.ts';

/** p95 of one mappings page of the 100 000-entry map carrying 10 000 unsubmitted edits. */
const MAPPINGS_PAGE_P95_BUDGET_MS = 50;
/** Seconds for the upload of a 100 000-line CSV (parse, checks, set-based replace, audit). */
const UPLOAD_SECONDS_BUDGET = 10;

/** The configuration map sections: the mappings pages' p95 and the upload's seconds. */
export async function measureMaps(
  context: ReportContext,
  databases: readonly BenchDatabase[],
): Promise<string[]> {
  const lines: string[] = [];
  const count = (value: number) => value.toLocaleString('en');
  for (const database of databases) {
    const [loadBefore = 0] = loadavg();
    const figures = await measureConfigMaps(database);
    const [loadAfter = 0] = loadavg();
    const row = (figure: MapListFigure | (typeof figures)['health'], budget: number | undefined) => {
      const scenario = 'scenario' in figure ? figure.scenario : '/api/health';
      const what = `maps on ${database.kind}, ${scenario}`;
      return `| ${scenario} | ${'rows' in figure ? figure.rows.toString() : '–'} | ${latencyCells(context, what, figure, budget)}`;
    };
    const uploadRow = (upload: (typeof figures.uploads)[number], index: number) => {
      const over = upload.seconds > UPLOAD_SECONDS_BUDGET;
      if (over) {
        context.failures.push(
          `maps on ${database.kind}, upload ${(index + 1).toString()}: ${upload.seconds.toFixed(2)} s is over ${UPLOAD_SECONDS_BUDGET.toString()} s`,
        );
      }
      return `| ${(index + 1).toString()} | ${upload.seconds.toFixed(2)} s | ${count(upload.added)} | ${count(upload.updated)} | ${count(upload.deleted)} | ${UPLOAD_SECONDS_BUDGET.toString()} s | ${over ? 'over' : 'ok'} |`;
    };
    const { edits } = figures;
    lines.push(
      `## Configuration maps at ${count(BENCH_MAP_ENTRIES)} mappings, ${databaseName(database)}`,
      '',
      context.measuredLine,
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
