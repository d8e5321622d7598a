import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatCompactIso, transactionsResponseSchema } from '@web-control/contract/transactions';
import { DEMO_PASSWORD, signIn } from './platform.ts';

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

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
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
  const port = await freePort();
  const url = `http://127.0.0.1:${port.toString()}`;
  const launched = performance.now();
  const since = () => (performance.now() - launched) / 1000;
  const platform = spawn(process.execPath, [path.join(root, 'apps/platform/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: port.toString(),
      HOST: '127.0.0.1',
      DEMO_PASSWORD,
      LOGIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let historySeconds: number | undefined;
  let historyTransactions: number | undefined;
  let output = '';
  platform.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    const lines = output.split('\n');
    output = lines.pop() ?? '';
    for (const line of lines.filter((text) => text.includes('Simulator: transaction history written'))) {
      historySeconds = since();
      historyTransactions = (JSON.parse(line) as { transactions?: number }).transactions;
    }
  });
  const exited = new Promise((resolve) => platform.once('exit', resolve));

  try {
    let healthSeconds: number | undefined;
    while (healthSeconds === undefined) {
      if (platform.exitCode !== null) throw new Error('The platform exited during its first start');
      const healthy = await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) healthSeconds = since();
      else await pause(100);
    }

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
        listSeconds = since();
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
    platform.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}
