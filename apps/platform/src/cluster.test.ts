import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { tokenPairSchema, type TokenPair } from '@web-control/contract/auth';
import { uploadResponseSchema } from '@web-control/contract/finance';
import { openPostgres, type DatabaseHandle } from './db/connection.ts';
import { IDEMPOTENT_REPLAYED_HEADER } from './plugins/idempotency.ts';
import { SIMULATOR_LOCK_KEY } from './simulator/leader-lock.ts';
import { TEST_DEMO_PASSWORD } from './testing/constants.ts';
import { startPlatformProcess, type PlatformProcess } from './testing/platform-process.ts';
import { runAdmin, withDatabase } from './testing/postgres-admin.ts';
import { MINUTE_MS, SECOND_MS } from './time.ts';

/**
 * Two platform processes on one PostgreSQL database, as an operator runs them behind a load
 * balancer: what one does, the other sees; what must happen once happens once; when one dies the
 * other carries on. Every wait is for something observable, with room for a busy two-core machine.
 */

const template = inject('postgresTemplate');
if (template === null) {
  console.log(
    'Two-instance suite skipped: no PostgreSQL (TEST_DATABASE_URL is unset; .ci/run sets it when one answers on 127.0.0.1:5432).',
  );
}

/** `CLUSTER_TEST_PORTS=8491,8492` pins the two ports; otherwise each takes a free one. */
const PORTS = (process.env.CLUSTER_TEST_PORTS ?? '0,0').split(',');
const WALLET = '3';
const WALLET_HEADER = 'entry_id,amount,posted_at';
/** Large enough that its load is still being written when the instance is killed. */
const LARGE_FILE_ROWS = 200_000;
const FILE_LOAD_RESUME_JOB = 'file-load-resume';

function walletFile(prefix: string, rows: number): string {
  const lines = [WALLET_HEADER];
  for (let index = 0; index < rows; index += 1)
    lines.push(`${prefix}${String(index)},${String(index)},2026-03-01`);
  return lines.join('\n');
}

/** The sum of a metric's series in an instance's /metrics (its own count, not the cluster's). */
async function metricSum(instance: PlatformProcess, name: string): Promise<number> {
  const text = await (await fetch(`${instance.url}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

async function signIn(instance: PlatformProcess, username: string): Promise<TokenPair> {
  const answer = await fetch(`${instance.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: TEST_DEMO_PASSWORD }),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return tokenPairSchema.parse(await answer.json());
}

function refresh(instance: PlatformProcess, refreshToken: string): Promise<Response> {
  return fetch(`${instance.url}/api/auth/refresh-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
}

function processes(instance: PlatformProcess, accessToken: string): Promise<Response> {
  return fetch(`${instance.url}/api/recon/processes`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

function upload(
  instance: PlatformProcess,
  accessToken: string,
  fileName: string,
  content: string,
  idempotencyKey?: string,
): Promise<Response> {
  return fetch(`${instance.url}/api/recon/files`, {
    method: 'POST',
    body: content,
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'text/csv',
      'finance-file-name': fileName,
      'finance-action-comment': 'Daily file',
      'finance-process-id': WALLET,
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
  });
}

async function uploaded(answer: Response): Promise<{ fileId: number; actionId: string }> {
  expect(answer.status, await answer.clone().text()).toBe(201);
  const [file] = uploadResponseSchema.parse(await answer.json()).files;
  return { fileId: file?.id ?? 0, actionId: file?.actionId ?? '' };
}

function approve(instance: PlatformProcess, accessToken: string, actionId: string): Promise<Response> {
  return fetch(`${instance.url}/api/recon/actions/${actionId}/approve`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ comment: 'Checked' }),
  });
}

describe.skipIf(template === null)('two platform instances on one PostgreSQL database', () => {
  const name = `web_control_cluster_${randomBytes(6).toString('hex')}`;
  let url = '';
  let database: DatabaseHandle;
  const dataDirs: string[] = [];
  const started: PlatformProcess[] = [];
  let first: PlatformProcess;
  let second: PlatformProcess;

  async function startInstance(port: string): Promise<PlatformProcess> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'web-control-cluster-'));
    dataDirs.push(dataDir);
    const instance = await startPlatformProcess({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: port,
      SIMULATOR: 'on',
      SIMULATOR_HISTORY_HOURS: '0',
      FINANCE_HISTORY_DAYS: '0',
    });
    started.push(instance);
    return instance;
  }

  function fileRow(fileId: number) {
    return database.db
      .selectFrom('recon_files')
      .select(['status', 'records'])
      .where('file_id', '=', fileId)
      .executeTakeFirstOrThrow();
  }

  /** Sessions holding the simulator's advisory lock on this database. */
  async function simulatorLocks(): Promise<number> {
    const { rows } = await sql<{ count: string }>`
      select count(*) as count from pg_locks
      where locktype = 'advisory' and granted
        and database = (select oid from pg_database where datname = current_database())
        and ((classid::bigint << 32) | objid::bigint) = ${SIMULATOR_LOCK_KEY}
    `.execute(database.db);
    return Number(rows[0]?.count);
  }

  /**
   * Jobs run twice at one scheduled time, or two runs of one job overlapping. The demo feed also
   * runs when the simulator's history is written, besides its schedule: it is held to the second
   * rule only.
   */
  async function jobsRunTwice(): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`
      select name from finance_job_runs where name <> 'demo-feed'
      group by name, date_trunc('minute', started_at) having count(*) > 1
      union
      select a.name from finance_job_runs a join finance_job_runs b
        on a.name = b.name and a.run_id < b.run_id
        and b.started_at < coalesce(a.finished_at, 'infinity') and a.started_at < coalesce(b.finished_at, 'infinity')
    `.execute(database.db);
    return rows.map((row) => row.name);
  }

  beforeAll(async () => {
    const admin = template?.url ?? '';
    await runAdmin(admin, `create database ${name} template ${template?.database ?? ''}`);
    url = withDatabase(admin, name);
    database = openPostgres(url);
    // The first instance alone takes the simulator's lock; the second starts once it writes.
    first = await startInstance(PORTS[0] ?? '0');
    await vi.waitFor(
      async () =>
        expect(await metricSum(first, 'web_control_simulator_transactions_total')).toBeGreaterThan(0),
      { timeout: 2 * MINUTE_MS, interval: 500 },
    );
    second = await startInstance(PORTS[1] ?? '0');
  }, 5 * MINUTE_MS);

  afterAll(async () => {
    for (const instance of started) {
      instance.signal('SIGKILL');
      await instance.exited;
    }
    await database.close();
    if (template !== null) await runAdmin(template.url, `drop database if exists ${name} with (force)`);
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  }, MINUTE_MS);

  it('keeps a session signed in on one instance on the other, refresh rotation and reuse included', async () => {
    const pair = await signIn(first, 'finance-operator');
    expect((await processes(second, pair.access_token)).status).toBe(200);

    const rotated = await refresh(second, pair.refresh_token);
    expect(rotated.status).toBe(200);
    const next = tokenPairSchema.parse(await rotated.json());
    expect((await processes(first, next.access_token)).status).toBe(200);

    // The spent token presented again, on the other instance: the whole family is revoked.
    const reused = await refresh(first, pair.refresh_token);
    expect(reused.status).toBe(401);
    expect((await refresh(second, next.refresh_token)).status).toBe(401);
    expect((await processes(first, next.access_token)).status).toBe(401);
  });

  it('answers an Idempotency-Key replayed on the other instance with the first answer, changing nothing', async () => {
    const { access_token: token } = await signIn(first, 'finance-operator');
    const content = walletFile('idempotent-', 20);
    const key = `cluster-${randomBytes(4).toString('hex')}`;
    const original = await upload(first, token, 'wallet-ledger-20200102.csv', content, key);
    const firstBody = await original.clone().text();
    await uploaded(original);

    const replay = await upload(second, token, 'wallet-ledger-20200102.csv', content, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(await replay.text()).toBe(firstBody);
    const files = await database.db
      .selectFrom('recon_files')
      .select('file_id')
      .where('file_name', '=', 'wallet-ledger-20200102.csv')
      .execute();
    expect(files).toHaveLength(1);
  });

  it('lets one of two racing approvals on the two instances win', async () => {
    const operator = await signIn(first, 'finance-operator');
    const { fileId, actionId } = await uploaded(
      await upload(first, operator.access_token, 'wallet-ledger-20200103.csv', walletFile('race-', 500)),
    );
    const approver = await signIn(second, 'finance-approver');
    const answers = await Promise.all([
      approve(first, approver.access_token, actionId),
      approve(second, approver.access_token, actionId),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([204, 409]);
    // The approval answers at once; the winner's instance loads the file in the background.
    await vi.waitFor(async () => expect(await fileRow(fileId)).toEqual({ status: 'LOADED', records: 500 }), {
      timeout: MINUTE_MS,
      interval: 100,
    });
    const { count } = await database.db
      .selectFrom('recon_records')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .where('file_id', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(500);
  });

  it(
    'runs each job once per scheduled time, whichever instance claims it',
    async () => {
      const bothUp = new Date();
      // Both instances' schedules fire at every minute; wait for one such time to pass.
      await vi.waitFor(
        async () => {
          const run = await database.db
            .selectFrom('finance_job_runs')
            .select('run_id')
            .where('name', '=', FILE_LOAD_RESUME_JOB)
            .where('started_at', '>', bothUp)
            .where('status', '!=', 'RUNNING')
            .executeTakeFirst();
          expect(run).toBeDefined();
        },
        { timeout: 2 * MINUTE_MS, interval: SECOND_MS },
      );
      expect(await jobsRunTwice()).toEqual([]);
      // Each instance counts only its own runs: together they are every run there is.
      await vi.waitFor(
        async () => {
          const { count } = await database.db
            .selectFrom('finance_job_runs')
            .select(({ fn }) => fn.countAll<string>().as('count'))
            .where('name', '=', FILE_LOAD_RESUME_JOB)
            .where('status', '!=', 'RUNNING')
            .executeTakeFirstOrThrow();
          const series = `web_control_job_runs_total{job="${FILE_LOAD_RESUME_JOB}"}`;
          expect((await metricSum(first, series)) + (await metricSum(second, series))).toBe(Number(count));
        },
        { timeout: 30 * SECOND_MS, interval: SECOND_MS },
      );
    },
    3 * MINUTE_MS,
  );

  it(
    'moves the simulator and a file load cut off by kill -9 to the survivor, with no duplicate records',
    async () => {
      expect(await metricSum(second, 'web_control_simulator_transactions_total')).toBe(0);
      const operator = await signIn(first, 'finance-operator');
      const { fileId, actionId } = await uploaded(
        await upload(
          first,
          operator.access_token,
          'wallet-ledger-20200104.csv',
          walletFile('large-', LARGE_FILE_ROWS),
        ),
      );
      const approver = await signIn(second, 'finance-approver');
      // The approving instance loads the file in the background; it dies once the load has
      // staged its first rows (FILTER alone is committed before the load begins).
      const approval = approve(first, approver.access_token, actionId).catch(() => undefined);
      await vi.waitFor(
        async () => {
          const loading = await database.db
            .selectFrom('recon_files')
            .select(['status', 'records_read'])
            .where('file_id', '=', fileId)
            .executeTakeFirstOrThrow();
          expect(loading.status).toBe('FILTER');
          expect(loading.records_read ?? 0).toBeGreaterThan(0);
        },
        { timeout: MINUTE_MS, interval: 20 },
      );
      first.signal('SIGKILL');
      await first.exited;
      await approval;
      const killedAt = Date.now();
      expect((await fileRow(fileId)).status, 'the load had already committed when the instance died').toBe(
        'FILTER',
      );

      await vi.waitFor(
        async () =>
          expect(await metricSum(second, 'web_control_simulator_transactions_total')).toBeGreaterThan(0),
        { timeout: MINUTE_MS, interval: 500 },
      );
      expect(Date.now() - killedAt).toBeLessThan(30 * SECOND_MS);
      expect(await simulatorLocks()).toBe(1);

      // The survivor's resume job loads it again once the approval is old enough to be stalled.
      await vi.waitFor(
        async () => expect(await fileRow(fileId)).toEqual({ status: 'LOADED', records: LARGE_FILE_ROWS }),
        {
          timeout: 6 * MINUTE_MS,
          interval: 2 * SECOND_MS,
        },
      );
      const { rows } = await sql<{ records: string; keys: string }>`
      select count(*) as records, count(distinct match_key) as keys from recon_records where file_id = ${fileId}
    `.execute(database.db);
      expect(rows[0]).toEqual({ records: String(LARGE_FILE_ROWS), keys: String(LARGE_FILE_ROWS) });
      expect(await jobsRunTwice()).toEqual([]);
    },
    10 * MINUTE_MS,
  );

  it('stops the survivor on SIGTERM within 10 s, leaving no job claim and no simulator lock', async () => {
    const signalledAt = Date.now();
    second.signal('SIGTERM');
    expect(await second.exited, second.output()).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10 * SECOND_MS);
    const claimed = await database.db
      .selectFrom('finance_jobs')
      .select('name')
      .where('running_since', 'is not', null)
      .execute();
    expect(claimed).toEqual([]);
    expect(await simulatorLocks()).toBe(0);
  });
});
