import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { uploadResponseSchema } from '@web-control/contract/finance';
import { copyBaseline, sampleRss, switchFile, waitForOutcome } from './finance-load.ts';
import {
  countsOf,
  DAY_MS,
  EFT,
  ensureReconSeeded,
  removeRunData,
  RUN_PREFIX,
  RUN_REVIEWER,
  RUN_UPLOADER,
  vacuumRecon,
  type AnyDb,
  type ReconCounts,
} from './finance-seed.ts';
import {
  latencyOf,
  measure,
  signIn,
  startBenchPlatform,
  time,
  type BenchDatabase,
  type Latency,
} from './platform.ts';

/** The records of the file whose load and match is timed (and of its counterpart). */
export const LOAD_RECORDS = 100_000;
/** The records of the large file whose load, memory and neighbouring calls are measured. */
export const LARGE_LOAD_RECORDS = 1_000_000;
/** The pause between rounds of list calls while the large file loads. */
const ROUND_PAUSE_MS = 50;
/** How long the large load's list calls use one sign-in (an access token lives five minutes). */
const TOKEN_RENEWAL_MS = 120_000;
/** The lists called while the large file loads. */
const LARGE_LOAD_LISTS = [
  ['inbox, first page', `/api/recon/files?processIds=${EFT.toString()}&offset=0&limit=15`],
  ['actions, pending', `/api/recon/actions?status=pending&processIds=${EFT.toString()}&offset=0&limit=10`],
  ['audit log, whole history', '/api/recon/actions/audits?offset=0&limit=50'],
  ['results, first page', `/api/recon/processes/${EFT.toString()}/transactions?limit=25`],
] as const;

export interface ListFigure extends Latency {
  scenario: string;
  path: string;
  rows: number;
  total: number;
}

export interface LoadStep {
  step: string;
  records: number;
  ms: number;
}

/** The large file's load: its time, the platform's memory, and the lists called meanwhile. */
export interface LargeLoad {
  records: number;
  bytes: number;
  uploadMs: number;
  loadMs: number;
  status: string;
  rss: { before: number; peak: number };
  /** The lists called in turn from the approval until LOADED, with how many calls each made. */
  lists: Array<ListFigure & { calls: number }>;
}

export interface FinanceFigures {
  database: string;
  /** The database's own COPY of the timed file into a staging table of its shape (ms). */
  copyMs: number;
  large: LargeLoad;
  /** The machine's one-minute load average as the timed part began: other work skews every figure. */
  loadAverage: number;
  counts: ReconCounts;
  /** Seconds the set-based seed took, when this run seeded. */
  seededSeconds: number | undefined;
  load: LoadStep[];
  outcome: { matched: number; partial: number; unmatched: number; fileStatus: string; exceptions: number };
  health: ListFigure;
  lists: ListFigure[];
}

/**
 * The switch's file and the clearing house's file of one day, 100 000 records each: the clearing
 * house lacks 2 % of the switch's references and has 0.5 % the switch lacks, and 1 % of its
 * amounts are one cent off.
 */
function dayFiles(nonce: string, day: Date) {
  const ref = (kind: string, index: number) =>
    `${RUN_PREFIX}${nonce}${kind}${index.toString().padStart(6, '0')}`;
  const date = day.toISOString().slice(0, 10);
  const amount = (index: number) => ((index * 7919) % 99_900) + 100;
  const switchRows = ['reference,amount,value_date'];
  const clearingRows = ['ref,amount_cents,date'];
  for (let index = 0; index < LOAD_RECORDS; index += 1) {
    switchRows.push(
      index % 200 === 199 ? `${ref('S', index)},500,${date}` : `${ref('T', index)},${amount(index)},${date}`,
    );
    const clearingAmount = amount(index) + (index % 100 === 3 ? 1 : 0);
    clearingRows.push(
      index % 50 === 7 ? `${ref('C', index)},700,${date}` : `${ref('T', index)},${clearingAmount},${date}`,
    );
  }
  return {
    counterpart: Buffer.from(`${switchRows.join('\n')}\n`, 'utf8'),
    file: Buffer.from(`${clearingRows.join('\n')}\n`, 'utf8'),
  };
}

/**
 * Both finance figures on one platform: the load and match of a 100 000-record clearing file
 * against the switch's file already loaded (uploaded by finance-operator, loaded by
 * finance-approver's approval: the product's own path), then the inbox, actions and audit log
 * calls at a million recon transactions against /api/health.
 */
export async function measureFinance(target: BenchDatabase): Promise<FinanceFigures> {
  const seededSeconds = await ensureReconSeeded(target);
  const platform = await startBenchPlatform(target);
  try {
    const db = platform.app.services.database.db as unknown as AnyDb;
    const counts = await countsOf(db);

    const operator = await signIn(platform.url, RUN_UPLOADER);
    const approver = await signIn(platform.url, RUN_REVIEWER);
    const timed = async (call: () => Promise<Response>) => {
      const started = performance.now();
      const response = await call();
      const body = await response.text();
      if (!response.ok) throw new Error(`${response.status.toString()}: ${body}`);
      return { ms: performance.now() - started, startedAt: started, body };
    };
    const upload = (fileName: string, content: Buffer) =>
      timed(() =>
        fetch(`${platform.url}/api/recon/files`, {
          method: 'POST',
          body: content,
          headers: {
            ...operator,
            'content-type': 'text/csv',
            'finance-file-name': fileName,
            'finance-action-comment': 'Bench day file',
            'finance-process-id': String(EFT),
            'idempotency-key': randomUUID(),
          },
        }),
      );
    const approve = (actionId: string) =>
      timed(() =>
        fetch(`${platform.url}/api/recon/actions/${actionId}/approve`, {
          method: 'POST',
          body: JSON.stringify({ comment: 'Bench approval' }),
          headers: { ...approver, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        }),
      );

    /** Approval to outcome: the approval answers at once, the load runs in the background. */
    const loaded = async (registered: { id: number; actionId: string }) => {
      const approval = await approve(registered.actionId);
      const status = await waitForOutcome(db, registered.id);
      if (status !== 'LOADED') throw new Error(`The file ended ${status}`);
      return { ms: performance.now() - approval.startedAt };
    };
    const firstPage = async (scenario: string, path: string, headers: Record<string, string>) => {
      const first = (await (await fetch(`${platform.url}${path}`, { headers })).json()) as Record<
        string,
        unknown
      > & {
        paginationInfo: { totalRecords: number };
      };
      const items = Object.values(first).find((value) => Array.isArray(value)) as unknown[] | undefined;
      return { scenario, path, rows: items?.length ?? 0, total: first.paginationInfo.totalRecords };
    };
    /** A million-record switch file of a day of its own: upload, approval, the calls meanwhile, memory. */
    const largeLoad = async (nonce: string): Promise<LargeLoad> => {
      const day = new Date(Date.now() + DAY_MS);
      const content = switchFile(`${RUN_PREFIX}${nonce}M`, LARGE_LOAD_RECORDS, day);
      let admin = await signIn(platform.url, 'admin');
      const lists = [];
      for (const [scenario, path] of LARGE_LOAD_LISTS) lists.push(await firstPage(scenario, path, admin));
      const rss = sampleRss();
      const stamp = day.toISOString().slice(0, 10).replaceAll('-', '');
      const uploaded = await upload(`eft-switch-${stamp}.csv`, content);
      const [registered] = uploadResponseSchema.parse(JSON.parse(uploaded.body)).files;
      if (registered === undefined) throw new Error('The upload registered no file');
      const approval = await approve(registered.actionId);
      const outcome = waitForOutcome(db, registered.id).then((status) => ({
        status,
        ms: performance.now() - approval.startedAt,
      }));
      // Set when the load ends, from outside this loop's view: an object keeps the check honest.
      const state = { done: false };
      void outcome.then(() => {
        state.done = true;
      });
      // A round calls each list once, then pauses: a few people at work from the approval to LOADED,
      // through every phase of the load (the staging, then the transaction that writes the records).
      const samples = lists.map(() => [] as number[]);
      let signedInAt = performance.now();
      while (!state.done) {
        // An access token lives five minutes; a slow load outlasts one.
        if (performance.now() - signedInAt > TOKEN_RENEWAL_MS) {
          admin = await signIn(platform.url, 'admin');
          signedInAt = performance.now();
        }
        for (const [index, list] of lists.entries()) {
          samples[index]?.push(await time(() => fetch(`${platform.url}${list.path}`, { headers: admin })));
        }
        await sleep(ROUND_PAUSE_MS);
      }
      const { status, ms } = await outcome;
      console.log(`Large load: ${ms.toFixed(0)} ms, ${status}`);
      return {
        records: LARGE_LOAD_RECORDS,
        bytes: content.length,
        uploadMs: uploaded.ms,
        loadMs: ms,
        status,
        rss: rss.stop(),
        lists: lists.map((list, index) => ({
          ...list,
          ...latencyOf(samples[index] ?? []),
          calls: samples[index]?.length ?? 0,
        })),
      };
    };

    const loadAverage = loadavg()[0] ?? 0;
    const copies: number[] = [];
    const larges: LargeLoad[] = [];
    const load: LoadStep[] = [];
    let outcome: FinanceFigures['outcome'];
    const nonce = Date.now().toString(36).toUpperCase();
    try {
      const today = new Date();
      const stamp = today.toISOString().slice(0, 10).replaceAll('-', '');
      const { counterpart, file } = dayFiles(nonce, today);
      const counterpartUpload = await upload(`eft-switch-${stamp}.csv`, counterpart);
      const [counterpartFile] = uploadResponseSchema.parse(JSON.parse(counterpartUpload.body)).files;
      if (counterpartFile === undefined) throw new Error('The upload registered no file');
      const counterpartLoad = await loaded(counterpartFile);
      const fileUpload = await upload(`eft-clearing-${stamp}.csv`, file);
      const [timedFile] = uploadResponseSchema.parse(JSON.parse(fileUpload.body)).files;
      if (timedFile === undefined) throw new Error('The upload registered no file');
      const fileLoad = await loaded(timedFile);
      copies.push(await copyBaseline(platform, file));
      console.log(
        `Loads: counterpart ${counterpartLoad.ms.toFixed(0)} ms, file ${fileLoad.ms.toFixed(0)} ms`,
      );
      load.push(
        {
          step: 'counterpart (switch file): load, nothing to match yet',
          records: LOAD_RECORDS,
          ms: counterpartLoad.ms,
        },
        { step: 'file (clearing house): upload', records: LOAD_RECORDS, ms: fileUpload.ms },
        {
          step: 'file (clearing house): load and match against the counterpart',
          records: LOAD_RECORDS,
          ms: fileLoad.ms,
        },
        {
          step: 'file (clearing house): upload, load and match',
          records: LOAD_RECORDS,
          ms: fileUpload.ms + fileLoad.ms,
        },
      );
      const stored = await sql<{ status: string; records: number | null; exceptions: number | null }>`
        select status, records, exceptions from recon_files where file_id = ${timedFile.id}
      `.execute(db);
      const statuses = await sql<{ match_status: string; full: boolean; n: string | number }>`
        select match_status, score = 100 as full, count(*) as n from recon_transactions
        where process_id = ${EFT} and match_key like ${`["${RUN_PREFIX}${nonce}%`}
        group by match_status, score = 100
      `.execute(db);
      const of = (status: string, full: boolean | undefined) =>
        statuses.rows
          .filter((row) => row.match_status === status && (full === undefined || row.full === full))
          .reduce((sum, row) => sum + Number(row.n), 0);
      const row = stored.rows[0];
      if (row?.records !== LOAD_RECORDS) {
        throw new Error(
          `The timed file holds ${String(row?.records)} records, not ${LOAD_RECORDS.toString()}`,
        );
      }
      outcome = {
        matched: of('MATCHED', true),
        partial: of('MATCHED', false),
        unmatched: of('UNMATCHED', undefined),
        fileStatus: row.status,
        exceptions: row.exceptions ?? 0,
      };
      // After the outcome is counted: the large file's transactions are the run's too.
      larges.push(await largeLoad(nonce));
    } finally {
      await removeRunData(db);
    }
    await vacuumRecon(db);

    const newest = await sql<{ at: Date | string }>`
      select max(audit_date) as at from recon_audits where process_id = ${EFT}
    `.execute(db);
    const end = new Date(newest.rows[0]?.at ?? Date.now());
    const monthBack = new Date(end);
    monthBack.setUTCMonth(monthBack.getUTCMonth() - 1);
    const month = { fromDateTimeInclusive: monthBack.toISOString(), toDateTimeInclusive: end.toISOString() };
    const page = (limit: number, offset = 0) => ({ offset: String(offset), limit: String(limit) });
    const scenarios: Array<{ scenario: string; path: string; query: Record<string, string> }> = [
      { scenario: 'inbox, first page', path: '/api/recon/files', query: { processIds: '2', ...page(15) } },
      { scenario: 'inbox, every process', path: '/api/recon/files', query: page(15) },
      {
        scenario: 'inbox, last page',
        path: '/api/recon/files',
        query: { processIds: '2', ...page(15, 1995) },
      },
      {
        scenario: 'actions, pending',
        path: '/api/recon/actions',
        query: { status: 'pending', processIds: '2', ...page(10) },
      },
      {
        scenario: 'actions, pending, every process',
        path: '/api/recon/actions',
        query: { status: 'pending', ...page(10) },
      },
      {
        scenario: 'actions, approved',
        path: '/api/recon/actions',
        query: { status: 'approved', processIds: '2', ...page(10) },
      },
      {
        scenario: 'actions, rejected',
        path: '/api/recon/actions',
        query: { status: 'rejected', processIds: '2', ...page(10) },
      },
      {
        scenario: 'actions, approved, offset 10 000',
        path: '/api/recon/actions',
        query: { status: 'approved', processIds: '2', ...page(10, 10_000) },
      },
      {
        scenario: 'audit log, last month',
        path: '/api/recon/actions/audits',
        query: { ...month, ...page(50) },
      },
      {
        scenario: 'audit log, last month, one user',
        path: '/api/recon/actions/audits',
        query: { ...month, username: 'finance-user-07', ...page(50) },
      },
      {
        scenario: 'audit log, last month, type and status',
        path: '/api/recon/actions/audits',
        query: { ...month, type: 'LOAD_FILE', status: 'ERROR', ...page(50) },
      },
      { scenario: 'audit log, whole history', path: '/api/recon/actions/audits', query: page(50) },
      {
        scenario: 'audit log, whole history, one user',
        path: '/api/recon/actions/audits',
        query: { username: 'finance-user-07', ...page(50) },
      },
      {
        scenario: 'audit log, whole history, offset 10 000',
        path: '/api/recon/actions/audits',
        query: page(50, 10_000),
      },
    ];
    const health = await measure(() => fetch(`${platform.url}/api/health`));
    const lists: ListFigure[] = [];
    for (const scenario of scenarios) {
      // Signed in again for each scenario: an access token outlives a few scenarios only.
      const admin = await signIn(platform.url, 'admin');
      const path = `${scenario.path}?${new URLSearchParams(scenario.query).toString()}`;
      const figure: ListFigure = {
        ...(await firstPage(scenario.scenario, path, admin)),
        ...(await measure(() => fetch(`${platform.url}${path}`, { headers: admin }))),
      };
      console.log(`${scenario.scenario}: p95 ${figure.p95.toFixed(1)} ms`);
      lists.push(figure);
    }
    const [copyMs] = copies;
    const [large] = larges;
    if (copyMs === undefined || large === undefined)
      throw new Error('The COPY or the large load did not run');
    return {
      database: platform.app.services.database.location,
      copyMs,
      large,
      loadAverage,
      counts,
      seededSeconds,
      load,
      outcome,
      health: { scenario: '/api/health', path: '/api/health', rows: 0, total: 0, ...health },
      lists,
    };
  } finally {
    await platform.close();
  }
}
