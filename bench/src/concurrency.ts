import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { formatCompactIso } from '@web-control/contract/transactions';
import { launchPlatform } from './platform-process.ts';
import { signIn } from './platform.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const CONCURRENT_CLIENTS = 10;
export const CALL_SECONDS = 60;
/** How often /api/health is called, one at a time, while the clients run. */
const HEALTH_EVERY_MS = 200;
/** The platform's own demo as `npm start` writes it, kept between runs (its first start takes minutes). */
const DATA_DIR = process.env.BENCH_CONCURRENCY_DATA_DIR ?? `${root}.tmp/bench-concurrency-data`;

export interface ConcurrencyFigure {
  call: string;
  path: string;
  requests: number;
  /** Answers other than 2xx. */
  failed: number;
  p50: number;
  p99: number;
  max: number;
  health: { calls: number; p99: number; max: number };
}

export interface ConcurrencyFigures {
  /** When this run wrote the demo data: seconds from the launch to the finance demo feed. */
  firstStartSeconds: number | undefined;
  figures: ConcurrencyFigure[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls health one at a time until `stop` resolves; gives each answer's time. */
async function watchHealth(url: string, stop: Promise<unknown>): Promise<number[]> {
  const state = { stopped: false };
  void stop.then(() => {
    state.stopped = true;
  });
  const samples: number[] = [];
  while (!state.stopped) {
    const started = performance.now();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    await pause(HEALTH_EVERY_MS);
  }
  return samples;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * The platform as `npm start` runs it (PGlite, simulator on, its demo data), in a process of its
 * own; 10 clients call each list for 60 s while /api/health is timed alongside. The first run
 * waits for the first start's history and the finance demo feed it brings.
 */
export async function measureConcurrency(): Promise<ConcurrencyFigures> {
  const firstStart = !existsSync(DATA_DIR);
  await mkdir(DATA_DIR, { recursive: true });
  const platform = await launchPlatform(DATA_DIR);
  const { url } = platform;
  const demo = { feedDelivered: false };
  platform.onLogLine((line) => {
    if (line.msg === 'Finance demo feed delivered') demo.feedDelivered = true;
  });
  try {
    await platform.healthy();
    if (firstStart) {
      console.log('The concurrency bench writes its demo data once (a few minutes)…');
      while (!demo.feedDelivered) await pause(1000);
    }
    const firstStartSeconds = firstStart ? platform.since() : undefined;

    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    const calls = [
      { call: 'transactions list, today', path: `/api/ecs/transactions?dateFrom=${formatCompactIso(today)}` },
      {
        call: 'recon results, card acquiring, first page',
        path: '/api/recon/processes/1/transactions?limit=25',
      },
      { call: 'voucher search, first page', path: '/api/moneytransfer/orders?limit=25&offset=0' },
    ];
    const figures: ConcurrencyFigure[] = [];
    for (const { call, path: callPath } of calls) {
      // Signed in for each call: an access token lives about 5 minutes.
      const { authorization } = await signIn(url, 'admin');
      const check = await fetch(`${url}${callPath}`, { headers: { authorization } });
      if (!check.ok) throw new Error(`${call}: ${check.status.toString()} ${await check.text()}`);
      const run = autocannon({
        url: `${url}${callPath}`,
        connections: CONCURRENT_CLIENTS,
        duration: CALL_SECONDS,
        headers: { authorization },
      });
      const health = watchHealth(url, run);
      const result = await run;
      const healthSamples = (await health).sort((a, b) => a - b);
      figures.push({
        call,
        path: callPath,
        requests: result.requests.total,
        failed: result.non2xx + result.errors + result.timeouts,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        health: {
          calls: healthSamples.length,
          p99: percentile(healthSamples, 0.99),
          max: healthSamples.at(-1) ?? Number.NaN,
        },
      });
    }
    return { firstStartSeconds, figures };
  } finally {
    await platform.stop();
  }
}
