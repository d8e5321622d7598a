import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadResponseSchema } from '@web-control/contract/finance';
import type { ManualClock } from '../clock.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { App } from '../server.ts';
import { buildTestApp, createTestUser, login } from '../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../testing/test-database.ts';
import { METRICS_REFUSED_MESSAGE } from './metrics.ts';

const TOKEN = 'scrape-token-of-the-test';
const ELSEWHERE = '10.20.30.40';
const WALLET = '3';

/** The value of one series (name with its labels, as the text format writes it), or undefined. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(TEST_DATABASE_KINDS)('GET /metrics on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database, settings: { metricsToken: TOKEN } });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function scrape(): Promise<string> {
    const answer = await app.inject({ url: '/metrics' });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.body;
  }

  it('serves this host without credentials, in the Prometheus text format, with the process metrics', async () => {
    const answer = await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(answer.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(answer.body).toContain('# TYPE nodejs_heap_size_used_bytes gauge');
    expect((await app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('asks anyone else for the METRICS_TOKEN as a bearer token', async () => {
    const refused = [
      await app.inject({ url: '/metrics', remoteAddress: ELSEWHERE }),
      await app.inject({
        url: '/metrics',
        remoteAddress: ELSEWHERE,
        headers: { authorization: 'Bearer not-the-token' },
      }),
      // A reverse proxy on this host passes others' requests on from 127.0.0.1.
      await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } }),
    ];
    for (const answer of refused) {
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(answer.json()).toMatchObject({ errorMessage: METRICS_REFUSED_MESSAGE, code: 'UNAUTHENTICATED' });
      expect(answer.body).not.toContain('process_cpu');
    }
    const allowed = await app.inject({
      url: '/metrics',
      remoteAddress: ELSEWHERE,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('web_control_http_request_duration_seconds');
  });

  it('times HTTP answers by method, route pattern and status class', async () => {
    await app.inject({ url: '/api/health/live' });
    await app.inject({ url: '/api/recon/processes/4711' });
    await app.inject({ url: '/api/recon/processes/4712' });
    await app.inject({ url: '/api/no/such/call/9' });
    const text = await scrape();
    const count = (labels: string) =>
      seriesValue(text, `web_control_http_request_duration_seconds_count{${labels}}`);
    expect(count('method="GET",route="/api/health/live",status_class="2xx"')).toBe(1);
    expect(count('method="GET",route="/api/recon/processes/:id",status_class="4xx"')).toBe(2);
    // No label names a path's id (a value may hold the digits: resident bytes, say).
    expect(text).not.toMatch(/\{[^}]*(4711|4712|no\/such)[^}]*\}/);
    expect(count('method="GET",route="unmatched",status_class="4xx"')).toBe(1);
  });

  it('counts job runs, failures and durations by job', async () => {
    app.services.financeJobs.define({
      name: 'always-fails',
      schedule: '0 * * * *',
      run: () => Promise.reject(new Error('The feed is down')),
    });
    await app.services.financeJobs.register();
    expect(await app.services.financeJobs.run('download-token-purge')).toBe('SUCCESS');
    expect(await app.services.financeJobs.run('always-fails')).toBe('ERROR');
    const text = await scrape();
    expect(seriesValue(text, 'web_control_job_runs_total{job="download-token-purge"}')).toBe(1);
    expect(seriesValue(text, 'web_control_job_failures_total{job="download-token-purge"}')).toBeUndefined();
    expect(seriesValue(text, 'web_control_job_runs_total{job="always-fails"}')).toBe(1);
    expect(seriesValue(text, 'web_control_job_failures_total{job="always-fails"}')).toBe(1);
    expect(seriesValue(text, 'web_control_job_duration_seconds_count{job="always-fails"}')).toBe(1);
  });

  it('counts the records file loads write, none in flight once they are done', async () => {
    const operator = await createTestUser(database, ['VIEW_PROCESSES', 'SUBMIT_ACTIONS']);
    const approver = await createTestUser(database, ['VIEW_PROCESSES', 'VIEW_ACTIONS', 'APPROVE_ACTIONS']);
    const rows = Array.from(
      { length: 250 },
      (_, index) => `metrics-${String(index)},${String(index)},2026-03-01`,
    );
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/recon/files',
      payload: ['entry_id,amount,posted_at', ...rows].join('\n'),
      headers: {
        authorization: `Bearer ${(await login(app, operator.username, operator.password)).access_token}`,
        'content-type': 'text/csv',
        'finance-file-name': 'wallet-ledger-20260301.csv',
        'finance-action-comment': 'Daily file',
        'finance-process-id': WALLET,
      },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [registered] = uploadResponseSchema.parse(uploaded.json()).files;
    const approval = await app.inject({
      method: 'POST',
      url: `/api/recon/actions/${registered?.actionId ?? ''}/approve`,
      payload: { comment: 'Checked' },
      headers: {
        authorization: `Bearer ${(await login(app, approver.username, approver.password)).access_token}`,
      },
    });
    expect(approval.statusCode, approval.body).toBe(204);
    await app.services.financeJobs.idle();
    const text = await scrape();
    expect(seriesValue(text, 'web_control_file_load_records_total')).toBe(250);
    expect(seriesValue(text, 'web_control_file_load_records_in_flight')).toBe(0);
  });

  it('counts simulated transactions by outcome', async () => {
    await app.services.simulator.prepare();
    for (let tick = 0; tick < 5; tick += 1) {
      app.clock.advance(5_000);
      await app.services.simulator.tick();
    }
    const stored = await database.db
      .selectFrom('transactions')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    const text = await scrape();
    const outcomes = ['approved', 'declined', 'timeout', 'queued', 'unrouted'].map(
      (outcome) => seriesValue(text, `web_control_simulator_transactions_total{outcome="${outcome}"}`) ?? 0,
    );
    expect(seriesValue(text, 'web_control_simulator_transactions_total{outcome="approved"}')).toBeGreaterThan(
      0,
    );
    expect(outcomes.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(Number(stored.count));
  });

  it('reports the database pool, query durations and, on PGlite, the wait for its connection', async () => {
    const text = await scrape();
    expect(seriesValue(text, 'web_control_db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(
      10,
    );
    expect(seriesValue(text, 'web_control_db_pool_waiting')).toBe(0);
    const open = seriesValue(text, 'web_control_db_pool_connections{state="open"}') ?? 0;
    const queueWaits = seriesValue(text, 'web_control_pglite_queue_wait_seconds_count') ?? 0;
    if (kind === 'pglite') {
      expect(open).toBe(1);
      expect(queueWaits).toBeGreaterThan(10);
    } else {
      expect(open).toBeGreaterThanOrEqual(1);
      expect(queueWaits).toBe(0);
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('serves this host only', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp({ database });
    try {
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(200);
      const refused = await app.inject({
        url: '/metrics',
        remoteAddress: ELSEWHERE,
        headers: { authorization: 'Bearer anything' },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ errorMessage: METRICS_REFUSED_MESSAGE });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
