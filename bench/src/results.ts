import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { sql, type Kysely } from 'kysely';
import { encodeReconQuery, type ReconQuery } from '@web-control/contract/finance-results';
import { inlineParameters } from '@web-control/platform/db/copy-out';
import { createResultsRepository } from '@web-control/platform/finance/results-repository';
import { BENCH_RECON_TRANSACTIONS, ensureReconSeeded } from './finance-seed.ts';
import type { ListFigure } from './finance.ts';
import { measure, signIn, startBenchPlatform, type BenchDatabase } from './platform.ts';

/** The demo EFT process the finance seed fills: fields reference (TEXT), amount (INTEGRAL), valueDate. */
const EFT = 2;
/** How often the platform's resident memory is sampled during the download. */
export const RSS_SAMPLE_MS = 20;

export interface DownloadFigure {
  rows: number;
  bytes: number;
  ms: number;
}

export interface DownloadFigures {
  platform: DownloadFigure;
  /**
   * The baseline: the download's cells (its own query, each cell a column, formula-safe) through
   * psql's COPY … TO STDOUT, CSV, so the database writes the same file.
   */
  copy: DownloadFigure;
  rss: { before: number; peak: number };
}

export interface ResultsFigures {
  database: string;
  loadAverage: { before: number; after: number };
  seededSeconds: number | undefined;
  health: ListFigure;
  lists: ListFigure[];
  /** PostgreSQL only. */
  download: DownloadFigures | undefined;
}

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SCENARIOS: Array<{ scenario: string; query: Partial<ReconQuery> }> = [
  { scenario: 'first page', query: {} },
  { scenario: 'deep page, offset 100 000', query: { offset: 100_000 } },
  { scenario: 'matched', query: { matchStatus: 'MATCHED' } },
  { scenario: 'unmatched', query: { matchStatus: 'UNMATCHED' } },
  { scenario: 'partially matched', query: { matchStatus: 'PARTIALLY_MATCHED' } },
  { scenario: 'rejected (none)', query: { matchStatus: 'REJECTED' } },
  { scenario: 'settlement pending', query: { settlementStatus: 'PENDING' } },
  { scenario: 'settlement issue', query: { settlementStatus: 'ISSUE' } },
  { scenario: 'settled (none)', query: { settlementStatus: 'SETTLED' } },
  {
    scenario: 'field filter: reference starts with',
    query: { filters: [{ fieldName: 'reference', type: 'STARTS_WITH', value: 'EFT00054' }] },
  },
  {
    scenario: 'field filter: amount greater than',
    query: { filters: [{ fieldName: 'amount', type: 'GREATER_THAN', value: '99000' }] },
  },
  {
    scenario: 'two-field sort: amount desc, valueDate asc',
    query: {
      sortBy: [
        { fieldName: 'amount', direction: 'desc' },
        { fieldName: 'valueDate', direction: 'asc' },
      ],
    },
  },
];

/** The line feeds of a chunk, found natively (the bench shares its thread with the platform). */
function newlines(chunk: Uint8Array): number {
  let count = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) count += 1;
  return count;
}

/** Reads a streamed body to its end, counting lines and bytes without keeping it. */
export async function drain(body: ReadableStream<Uint8Array>): Promise<{ lines: number; bytes: number }> {
  let lines = 0;
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.length;
    lines += newlines(chunk);
  }
  return { lines, bytes };
}

/** The download's own query as cells, its parameters inlined: COPY takes none. */
async function copyQuery(db: AnyDb): Promise<string> {
  const repository = createResultsRepository();
  const fields = await sql<{ name: string; type: 'TEXT' | 'INTEGRAL' | 'DATETIME' }>`
    select name, type from recon_fields where process_id = ${EFT} order by position`.execute(db);
  const parties = await sql<{ party_id: number }>`
    select party_id from recon_parties where process_id = ${EFT} order by party_id`.execute(db);
  const selection = { filters: [], sortBy: [] };
  const query = repository.downloadSql(
    { processId: EFT, fields: fields.rows, partyIds: parties.rows.map((party) => party.party_id) },
    selection,
    'cells',
  );
  return inlineParameters(query.compile(db));
}

/** PostgreSQL's own COPY (query) TO STDOUT of the same rows, through psql, timed to the last byte. */
async function timeCopy(url: string, query: string): Promise<DownloadFigure> {
  const started = performance.now();
  const psql = spawn(
    'psql',
    [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `copy (${query}) to stdout with (format csv)`],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let lines = 0;
  let bytes = 0;
  for await (const chunk of psql.stdout as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    lines += newlines(chunk);
  }
  const code = await new Promise<number | null>((resolve) => {
    if (psql.exitCode !== null) resolve(psql.exitCode);
    else psql.once('close', resolve);
  });
  if (code !== 0) throw new Error(`psql COPY ended with ${String(code)}`);
  return { rows: lines, bytes, ms: performance.now() - started };
}

/**
 * The results grid's call on the EFT process at a million recon transactions: the first page, a
 * deep page, each status, field filters and a two-field sort against /api/health; then, on
 * PostgreSQL, the CSV download of every transaction against COPY … TO STDOUT, with the platform's
 * peak RSS (PGlite runs in process and has no COPY to compare with).
 */
export async function measureResults(target: BenchDatabase): Promise<ResultsFigures> {
  const seededSeconds = await ensureReconSeeded(target);
  const platform = await startBenchPlatform(target);
  try {
    const db = platform.app.services.database.db as unknown as AnyDb;
    const [before = 0] = loadavg();
    const base = `${platform.url}/api/recon/processes/${EFT.toString()}/transactions`;
    const health = await measure(() => fetch(`${platform.url}/api/health`));
    const lists: ListFigure[] = [];
    for (const scenario of SCENARIOS) {
      // Signed in again for each scenario: an access token outlives a few scenarios only.
      const admin = await signIn(platform.url, 'admin');
      const query = encodeReconQuery({ limit: 25, ...scenario.query }).toString();
      const url = `${base}?${query}`;
      const response = await fetch(url, { headers: admin });
      if (!response.ok)
        throw new Error(`${scenario.scenario}: ${response.status.toString()} ${await response.text()}`);
      const first = (await response.json()) as {
        transactions: unknown[];
        paginationInfo: { totalRecords: number };
      };
      const figure: ListFigure = {
        scenario: scenario.scenario,
        path: `/api/recon/processes/${EFT.toString()}/transactions?${query}`,
        rows: first.transactions.length,
        total: first.paginationInfo.totalRecords,
        ...(await measure(() => fetch(url, { headers: admin }))),
      };
      console.log(`${scenario.scenario}: p95 ${figure.p95.toFixed(1)} ms`);
      lists.push(figure);
    }
    const download =
      target.kind === 'postgres' ? await measureDownload(platform.url, base, target.url, db) : undefined;
    const [after = 0] = loadavg();
    return {
      database: platform.app.services.database.location,
      loadAverage: { before, after },
      seededSeconds,
      health: { scenario: '/api/health', path: '/api/health', rows: 0, total: 0, ...health },
      lists,
      download,
    };
  } finally {
    await platform.close();
  }
}

/** Rounds of the download and of COPY, taken in turns: on a busy machine one of each says little. */
export const DOWNLOAD_ROUNDS = 3;

/** The middle one of the rounds' figures, by time. */
function median(figures: DownloadFigure[]): DownloadFigure {
  const sorted = [...figures].sort((a, b) => a.ms - b.ms);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error('No figures');
  return middle;
}

async function measureDownload(
  platformUrl: string,
  base: string,
  databaseUrl: string,
  db: AnyDb,
): Promise<DownloadFigures> {
  const query = await copyQuery(db);
  global.gc?.();
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const downloads: DownloadFigure[] = [];
  const copies: DownloadFigure[] = [];
  for (let round = 0; round < DOWNLOAD_ROUNDS; round += 1) {
    const admin = await signIn(platformUrl, 'admin');
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, RSS_SAMPLE_MS);
    try {
      const started = performance.now();
      const response = await fetch(`${base}/download`, { headers: admin });
      if (!response.ok || response.body === null) throw new Error(`download: ${response.status.toString()}`);
      const { lines, bytes } = await drain(response.body);
      // The header line is not a transaction.
      downloads.push({ rows: lines - 1, bytes, ms: performance.now() - started });
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage.rss());
    copies.push(await timeCopy(databaseUrl, query));
    const [download, copy] = [downloads.at(-1), copies.at(-1)];
    console.log(
      `download: ${String(download?.rows)} rows in ${String(download?.ms.toFixed(0))} ms; COPY: ${String(copy?.rows)} rows in ${String(copy?.ms.toFixed(0))} ms`,
    );
  }
  const platform = median(downloads);
  const copy = median(copies);
  if (platform.rows !== copy.rows || platform.rows < BENCH_RECON_TRANSACTIONS) {
    throw new Error(`The download gave ${platform.rows.toString()} rows, COPY ${copy.rows.toString()}`);
  }
  return { platform, copy, rss: { before: rssBefore, peak } };
}
