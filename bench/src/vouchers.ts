import { CompiledQuery } from 'kysely';
import { vouchersResponseSchema } from '@web-control/contract/vouchers';
import { startPlatform } from '@web-control/platform/start';
import { findPlanNode, type PlanNode } from '@web-control/platform/testing/query-plans';
import { seedVouchers } from '@web-control/platform/simulator/voucher-history';
import { voucherSearchQueries, type VoucherSearch } from '@web-control/platform/vouchers/repository';
import { ensureDatabase } from './platform.ts';

export const BENCH_VOUCHERS = 100_000;
/** The seeded vouchers are bought over this many days (the seed command's default). */
const SEED_DAYS = 90;
const WARM_UP_CALLS = 20;
const MEASURED_CALLS = 200;
const DEMO_PASSWORD = 'Bench-Passw0rd!';
const DAY_MS = 24 * 60 * 60_000;
const PAGE_SIZE = 25;
const DEEP_OFFSET = 10_000;

export interface VoucherLatencyFigure {
  scenario: string;
  query: string;
  /** The index the page's rows are read from (EXPLAIN of the same query). */
  index: string | undefined;
  rows: number;
  /** nrRecords: every voucher the filters match (the count the page shows). */
  matching: number;
  p50: number;
  p95: number;
  max: number;
}

export interface VoucherFigures {
  database: string;
  vouchers: number;
  seededNow: boolean;
  seedSeconds: number | undefined;
  health: { p50: number; p95: number; max: number };
  searches: VoucherLatencyFigure[];
}

/** A database of its own: the transaction bench's databases belong to every branch's bench. */
export type VoucherBenchDatabase = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

async function time(call: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await call();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`The bench call failed with ${response.status.toString()}`);
  return performance.now() - started;
}

async function measure(call: () => Promise<Response>): Promise<{ p50: number; p95: number; max: number }> {
  for (let index = 0; index < WARM_UP_CALLS; index += 1) await time(call);
  const samples: number[] = [];
  for (let index = 0; index < MEASURED_CALLS; index += 1) samples.push(await time(call));
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), max: samples.at(-1) ?? Number.NaN };
}

interface Scenario {
  scenario: string;
  query: Record<string, string>;
  search: VoucherSearch;
}

/**
 * The voucher search at 100 000 vouchers: seeds the bench database once (`npm run seed -- --vouchers`'s
 * planner), starts the platform without the simulator and times each search against /api/health.
 */
export async function measureVouchers(target: VoucherBenchDatabase): Promise<VoucherFigures> {
  if (target.kind === 'postgres') await ensureDatabase(target.url);
  const platform = await startPlatform({
    env: {},
    settings: {
      ...(target.kind === 'postgres' ? { databaseUrl: target.url } : { dataDir: target.dataDir }),
      port: 0,
      host: '127.0.0.1',
      simulator: 'off',
      demoPassword: DEMO_PASSWORD,
      logLevel: 'warn',
      loginRateLimit: 1000,
      consoleDist: '/nonexistent-console-dist',
    },
  });
  try {
    const db = platform.app.services.database.db;
    const countVouchers = async () =>
      Number(
        (
          await db
            .selectFrom('vouchers')
            .select((eb) => eb.fn.countAll<string | number>().as('total'))
            .executeTakeFirstOrThrow()
        ).total,
      );
    let vouchers = await countVouchers();
    const seededNow = vouchers < BENCH_VOUCHERS;
    let seedSeconds: number | undefined;
    if (seededNow) {
      console.log(`Seeding ${BENCH_VOUCHERS.toLocaleString('en')} vouchers (once)…`);
      await db.deleteFrom('vouchers').execute();
      const started = performance.now();
      await seedVouchers(db, { count: BENCH_VOUCHERS, days: SEED_DAYS, now: new Date(), seed: 1 });
      seedSeconds = (performance.now() - started) / 1000;
      vouchers = await countVouchers();
    }

    const login = await fetch(`${platform.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}` };
    const url = (query: Record<string, string>) =>
      `${platform.url}/api/moneytransfer/orders?${new URLSearchParams(query).toString()}`;

    // The newest voucher anchors the ranges, so a bench database seeded days ago still has its month.
    const newest = await db
      .selectFrom('vouchers')
      .select(['reference', 'datetime_created'])
      .orderBy('datetime_created', 'desc')
      .executeTakeFirstOrThrow();
    const middle = await db
      .selectFrom('vouchers')
      .select('reference')
      .orderBy('id')
      .offset(Math.floor(vouchers / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    const end = new Date(newest.datetime_created);
    const monthStart = new Date(end.getTime() - 30 * DAY_MS);
    const weekStart = new Date(end.getTime() - 7 * DAY_MS);
    const dayStart = new Date(end.getTime() - DAY_MS);
    const iso = (date: Date) => date.toISOString();
    const page = (offset: number) => ({ limit: String(PAGE_SIZE), offset: String(offset) });
    const created = (from: Date) => ({ fromDatetime: iso(from), toDatetime: iso(end) });
    const modified = (from: Date) => ({
      fromLastModifiedDatetime: iso(from),
      toLastModifiedDatetime: iso(end),
    });
    const base = { limit: PAGE_SIZE };

    const scenarios: Scenario[] = [
      { scenario: 'first page, no filter', query: page(0), search: { ...base, offset: 0 } },
      {
        scenario: 'deep page 401 (offset 10 000), no filter',
        query: page(DEEP_OFFSET),
        search: { ...base, offset: DEEP_OFFSET },
      },
      {
        scenario: 'reference',
        query: { ...page(0), orderReference: middle.reference },
        search: { ...base, offset: 0, reference: middle.reference },
      },
      {
        scenario: 'created, last day, first page',
        query: { ...page(0), ...created(dayStart) },
        search: { ...base, offset: 0, createdFrom: dayStart, createdTo: end },
      },
      {
        scenario: 'created, last 30 days, first page',
        query: { ...page(0), ...created(monthStart) },
        search: { ...base, offset: 0, createdFrom: monthStart, createdTo: end },
      },
      {
        scenario: 'created, last 30 days, deep page 401',
        query: { ...page(DEEP_OFFSET), ...created(monthStart) },
        search: { ...base, offset: DEEP_OFFSET, createdFrom: monthStart, createdTo: end },
      },
      {
        scenario: 'last modified, last 30 days, first page',
        query: { ...page(0), ...modified(monthStart) },
        search: { ...base, offset: 0, modifiedFrom: monthStart, modifiedTo: end },
      },
      {
        scenario: 'last modified, last 30 days, deep page 401',
        query: { ...page(DEEP_OFFSET), ...modified(monthStart) },
        search: { ...base, offset: DEEP_OFFSET, modifiedFrom: monthStart, modifiedTo: end },
      },
      {
        scenario: 'created 30 days and modified 7 days, first page',
        query: { ...page(0), ...created(monthStart), ...modified(weekStart) },
        search: {
          ...base,
          offset: 0,
          createdFrom: monthStart,
          createdTo: end,
          modifiedFrom: weekStart,
          modifiedTo: end,
        },
      },
    ];

    const health = await measure(() => fetch(`${platform.url}/api/health`));
    const searches: VoucherLatencyFigure[] = [];
    for (const scenario of scenarios) {
      const response = await fetch(url(scenario.query), { headers });
      const answer = vouchersResponseSchema.parse(await response.json());
      const compiled = voucherSearchQueries(db, scenario.search).page.compile();
      const explained = await db.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
      );
      const plan = explained.rows[0]?.['QUERY PLAN'][0]?.Plan;
      const figure = await measure(() => fetch(url(scenario.query), { headers }));
      searches.push({
        scenario: scenario.scenario,
        query: new URLSearchParams(scenario.query).toString(),
        index: findPlanNode(plan, (node) => node['Index Name'] !== undefined)?.['Index Name'],
        rows: answer.senderOrders.length,
        matching: answer.paging.nrRecords,
        ...figure,
      });
    }
    return {
      database: platform.app.services.database.location,
      vouchers,
      seededNow,
      seedSeconds,
      health,
      searches,
    };
  } finally {
    await platform.close();
  }
}
