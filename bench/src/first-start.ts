import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatCompactIso, transactionsResponseSchema } from '@web-control/contract/transactions';
import { launchPlatform } from './platform-process.ts';
import { signIn } from './platform.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** How long the answers are watched after the first signed-in list: the history is written meanwhile. */
export const WATCH_SECONDS = 120;
const POLL_MS = 250;

export interface FirstStartFigures {
  buildSeconds: number;
  /** From the platform's launch, as `npm start` runs it, to these. */
  healthSeconds: number;
  listSeconds: number;
  /** Today's rows on that first list page. */
  listRows: number;
  /** The slowest answers while the history was written, and how many of each were timed. */
  slowestHealthMs: number;
  slowestListMs: number;
  calls: number;
  /** When the simulator said the day of transactions was written, if within the watch. */
  historySeconds: number | undefined;
  historyTransactions: number | undefined;
}

async function timed(call: () => Promise<Response>): Promise<{ ms: number; response: Response }> {
  const started = performance.now();
  const response = await call();
  await response.clone().arrayBuffer();
  return { ms: performance.now() - started, response };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A newcomer's first minute: the console build, then the platform launched as `npm start` runs it
 * on an empty data folder with the simulator on, timed to its first healthy answer and to a
 * signed-in transactions page of today; then health and that page called in turn for two
 * minutes while the first start's history is written.
 */
export async function measureFirstStart(): Promise<FirstStartFigures> {
  const buildStarted = performance.now();
  const build = spawnSync('npm', ['run', '--silent', 'build', '-w', 'apps/console'], {
    cwd: root,
    stdio: 'ignore',
  });
  if (build.status !== 0) throw new Error('The console build failed');
  const buildSeconds = (performance.now() - buildStarted) / 1000;

  const dataDir = await mkdtemp(path.join(tmpdir(), 'web-control-first-start-'));
  const platform = await launchPlatform(dataDir);
  const { url } = platform;
  let historySeconds: number | undefined;
  let historyTransactions: number | undefined;
  platform.onLogLine((line) => {
    if (line.msg !== 'Simulator: transaction history written') return;
    historySeconds = platform.since();
    historyTransactions = typeof line.transactions === 'number' ? line.transactions : undefined;
  });

  try {
    await platform.healthy();
    const healthSeconds = platform.since();

    const headers = await signIn(url, 'operator');
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    const listToday = () =>
      fetch(
        `${url}/api/ecs/transactions?${new URLSearchParams({ dateFrom: formatCompactIso(today) }).toString()}`,
        {
          headers,
        },
      );
    let listSeconds: number | undefined;
    let listRows = 0;
    while (listSeconds === undefined) {
      const page = transactionsResponseSchema.parse(await (await listToday()).json());
      if (page.transactions.length > 0) {
        listSeconds = platform.since();
        listRows = page.transactions.length;
      } else await pause(100);
    }

    let slowestHealthMs = 0;
    let slowestListMs = 0;
    let calls = 0;
    const watchEnds = performance.now() + WATCH_SECONDS * 1000;
    while (performance.now() < watchEnds) {
      const health = await timed(() => fetch(`${url}/api/health`));
      const list = await timed(listToday);
      if (!health.response.ok || !list.response.ok) {
        throw new Error(
          `A call failed during the first start: ${health.response.status.toString()}, ${list.response.status.toString()}`,
        );
      }
      slowestHealthMs = Math.max(slowestHealthMs, health.ms);
      slowestListMs = Math.max(slowestListMs, list.ms);
      calls += 1;
      await pause(POLL_MS);
    }
    return {
      buildSeconds,
      healthSeconds,
      listSeconds,
      listRows,
      slowestHealthMs,
      slowestListMs,
      calls,
      historySeconds,
      historyTransactions,
    };
  } finally {
    await platform.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
