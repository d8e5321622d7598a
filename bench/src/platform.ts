import pg from 'pg';
import { startPlatform, type StartedPlatform } from '@web-control/platform/start';

const WARM_UP_CALLS = 20;
const MEASURED_CALLS = 200;
export const DEMO_PASSWORD = 'Bench-Passw0rd!';

/** PostgreSQL at a URL, or the embedded PGlite in a folder (the product's default). */
export type BenchDatabase = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export interface Latency {
  p50: number;
  p95: number;
  max: number;
}

/** Runs work on the server's own `postgres` database, given the name of the database the URL names. */
export async function onServer(
  url: string,
  work: (client: pg.Client, name: string) => Promise<unknown>,
): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await work(client, name);
  } finally {
    await client.end();
  }
}

/** Creates the bench database if the server lacks it. */
export function ensureDatabase(url: string): Promise<void> {
  return onServer(url, async (client, name) => {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  });
}

/**
 * The platform as `npm start` runs it, on the bench database, simulator off. BENCH_PORT picks
 * the port (default: any free one).
 */
export async function startBenchPlatform(
  target: BenchDatabase,
  options: { statementTimeoutSeconds?: number } = {},
): Promise<StartedPlatform> {
  if (target.kind === 'postgres') await ensureDatabase(target.url);
  return startPlatform({
    env: {},
    settings: {
      ...(target.kind === 'postgres' ? { databaseUrl: target.url } : { dataDir: target.dataDir }),
      port: Number(process.env.BENCH_PORT ?? 0),
      host: '127.0.0.1',
      simulator: 'off',
      demoPassword: DEMO_PASSWORD,
      logLevel: 'warn',
      loginRateLimit: 1000,
      consoleDist: '/nonexistent-console-dist',
      transactionRetentionDays: 30,
      ...(options.statementTimeoutSeconds === undefined
        ? {}
        : { databaseStatementTimeoutSeconds: options.statementTimeoutSeconds }),
    },
  });
}

/** Signs a demo user in; gives the Authorization header. */
export async function signIn(url: string, username: string): Promise<{ authorization: string }> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`Signing in as ${username} failed with ${login.status.toString()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { authorization: `Bearer ${token}` };
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/** One call's time to its last byte, in ms; a failed call fails the bench. */
export async function time(call: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await call();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`The bench call failed with ${response.status.toString()}`);
  return performance.now() - started;
}

/** 200 sequential calls after 20 warm-up calls. */
export async function measure(call: () => Promise<Response>): Promise<Latency> {
  for (let index = 0; index < WARM_UP_CALLS; index += 1) await time(call);
  const samples: number[] = [];
  for (let index = 0; index < MEASURED_CALLS; index += 1) samples.push(await time(call));
  return latencyOf(samples);
}

/** The median, 95th percentile and longest of some calls' times. */
export function latencyOf(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? Number.NaN };
}
