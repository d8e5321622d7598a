import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsResponseSchema } from '@web-control/contract/finance';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { ManualClock } from '../../clock.ts';
import type { App } from '../../server.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { HOUR_MS } from '../../time.ts';
import { JOB_CLAIM_TIMEOUT_MS } from './jobs.ts';

describe.each(TEST_DATABASE_KINDS)('finance jobs on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let viewer = { username: '', password: '', userId: '' };
  let nobody = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
    viewer = await createTestUser(database, ['VIEW_PROCESSES']);
    const other = await createTestUser(database, []);
    nobody = (await login(app, other.username, other.password)).access_token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function jobs(query = '') {
    // Signed in at each call: the tests move the clock past an access token's lifetime.
    const { access_token: token } = await login(app, viewer.username, viewer.password);
    const response = await app.inject({
      method: 'GET',
      url: `/api/recon/jobs${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    return jobsResponseSchema.parse(response.json());
  }

  async function job(name: string) {
    const { apiJobList } = await jobs('?offset=0&limit=100');
    return apiJobList.find((item) => item.name === name);
  }

  it('lists every defined job, never run yet, and needs VIEW_PROCESSES', async () => {
    expect(await job('download-token-purge')).toEqual({
      name: 'download-token-purge',
      lastRuntime: null,
      lastSuccessfulRuntime: null,
    });
    const refused = await app.inject({
      method: 'GET',
      url: '/api/recon/jobs',
      headers: { authorization: `Bearer ${nobody}` },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('records a successful run in its row and in the run log, and the job does its work', async () => {
    const now = app.clock.now();
    const file = await database.db
      .insertInto('recon_files')
      .values({
        process_id: 1,
        party_id: 1,
        file_name: 'card-switch-20260101.csv',
        sha256: 'a'.repeat(64),
        size_bytes: 4,
        status: 'REGISTERED',
        created_at: now,
      })
      .returning('file_id')
      .executeTakeFirstOrThrow();
    const token = (hash: string, expiresAt: Date) => ({
      token_hash: hash,
      user_id: viewer.userId,
      username: 'viewer',
      file_id: file.file_id,
      expires_at: expiresAt,
    });
    await database.db
      .insertInto('download_tokens')
      .values([
        token('expired', new Date(now.getTime() - 1)),
        token('live', new Date(now.getTime() + HOUR_MS)),
      ])
      .execute();
    expect(await app.services.financeJobs.run('download-token-purge')).toBe('SUCCESS');
    expect(await job('download-token-purge')).toEqual({
      name: 'download-token-purge',
      lastRuntime: now.toISOString(),
      lastSuccessfulRuntime: now.toISOString(),
    });
    const tokens = await database.db.selectFrom('download_tokens').select('token_hash').execute();
    expect(tokens).toEqual([{ token_hash: 'live' }]);
    const runs = await database.db
      .selectFrom('finance_job_runs')
      .select(['status', 'started_at', 'finished_at'])
      .where('name', '=', 'download-token-purge')
      .execute();
    expect(runs).toEqual([{ status: 'SUCCESS', started_at: now, finished_at: now }]);
  });

  it('keeps the last successful runtime when a later run fails, and logs the failure', async () => {
    let fail = false;
    app.services.financeJobs.define({
      name: 'sometimes-fails',
      schedule: '0 * * * *',
      run: () => (fail ? Promise.reject(new Error('The feed is down')) : Promise.resolve()),
    });
    await app.services.financeJobs.register();
    const first = app.clock.now();
    expect(await app.services.financeJobs.run('sometimes-fails')).toBe('SUCCESS');
    app.clock.advance(HOUR_MS);
    fail = true;
    expect(await app.services.financeJobs.run('sometimes-fails')).toBe('ERROR');
    expect(await job('sometimes-fails')).toEqual({
      name: 'sometimes-fails',
      lastRuntime: app.clock.now().toISOString(),
      lastSuccessfulRuntime: first.toISOString(),
    });
    const failed = await database.db
      .selectFrom('finance_job_runs')
      .select(['status', 'message'])
      .where('name', '=', 'sometimes-fails')
      .where('status', '=', 'ERROR')
      .execute();
    expect(failed).toEqual([{ status: 'ERROR', message: 'The feed is down' }]);
  });

  it('runs a job once while it is claimed, and lets a stale claim be taken over', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    app.services.financeJobs.define({
      name: 'slow',
      schedule: '0 * * * *',
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    await app.services.financeJobs.register();
    const first = app.services.financeJobs.run('slow');
    await expect.poll(() => runs).toBe(1);
    // What a second platform instance sees: the row is claimed, so it does not run the job.
    expect(await app.services.financeJobs.run('slow')).toBe('BUSY');
    release();
    expect(await first).toBe('SUCCESS');

    // An instance that died mid-run leaves its claim; after the timeout another one runs the job.
    await database.db
      .updateTable('finance_jobs')
      .set({ running_since: app.clock.now() })
      .where('name', '=', 'slow')
      .execute();
    expect(await app.services.financeJobs.run('slow')).toBe('BUSY');
    app.clock.advance(JOB_CLAIM_TIMEOUT_MS + 1);
    const taken = app.services.financeJobs.run('slow');
    await expect.poll(() => runs).toBe(2);
    release();
    expect(await taken).toBe('SUCCESS');
  });

  it('runs a scheduled time once: an instance whose tick comes after the run has finished skips it', async () => {
    let runs = 0;
    app.services.financeJobs.define({
      name: 'quick',
      schedule: '* * * * *',
      run: () => {
        runs += 1;
        return Promise.resolve();
      },
    });
    await app.services.financeJobs.register();
    const scheduledAt = new Date(Math.floor(app.clock.now().getTime() / 60_000) * 60_000);
    expect(await app.services.financeJobs.run('quick', scheduledAt)).toBe('SUCCESS');
    // The other instance's tick for the same minute, after the first run ended.
    expect(await app.services.financeJobs.run('quick', scheduledAt)).toBe('BUSY');
    expect(runs).toBe(1);
    app.clock.advance(60_000);
    expect(await app.services.financeJobs.run('quick', new Date(scheduledAt.getTime() + 60_000))).toBe(
      'SUCCESS',
    );
    expect(runs).toBe(2);
  });

  it('pages the list by name', async () => {
    // demo-feed, download-token-purge, file-load-resume, quick, recon-summary, settlement-runs, slow, sometimes-fails.
    const page = await jobs('?offset=6&limit=1');
    expect(page.apiJobList.map((item) => item.name)).toEqual(['slow']);
    expect(page.paginationInfo).toEqual({ nextPage: 8, range: '7-7', totalRecords: 8 });
  });
});

describe('finance jobs without the simulator', () => {
  it('have no demo feed, whose files derive from the simulated switch', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp({ database, settings: { simulator: 'off' } });
    try {
      await app.ready();
      const jobs = await database.db.selectFrom('finance_jobs').select('name').orderBy('name').execute();
      expect(jobs).toEqual([
        { name: 'download-token-purge' },
        { name: 'file-load-resume' },
        { name: 'recon-summary' },
        { name: 'settlement-runs' },
      ]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe.each(TEST_DATABASE_KINDS)('finance jobs stopping on %s', (kind) => {
  it('gives up the claim of a run still going after the wait, so another instance may run the job', async () => {
    const database = await createTestDatabase(kind);
    const app = await buildTestApp({ database });
    try {
      let started = false;
      app.services.financeJobs.define({
        name: 'never-ends',
        schedule: '0 * * * *',
        run: () => {
          started = true;
          return new Promise<void>(() => undefined);
        },
      });
      await app.services.financeJobs.register();
      void app.services.financeJobs.run('never-ends');
      await expect.poll(() => started).toBe(true);
      const claim = () =>
        database.db
          .selectFrom('finance_jobs')
          .select('running_since')
          .where('name', '=', 'never-ends')
          .executeTakeFirstOrThrow();
      expect((await claim()).running_since).toEqual(app.clock.now());

      await app.services.financeJobs.stop(10);
      expect(await claim()).toEqual({ running_since: null });
      // Another instance on the database claims and runs the job at once.
      const other = await buildTestApp({ database });
      other.services.financeJobs.define({
        name: 'never-ends',
        schedule: '0 * * * *',
        run: () => Promise.resolve(),
      });
      expect(await other.services.financeJobs.run('never-ends')).toBe('SUCCESS');
      await other.close();
    } finally {
      await app.close();
      await database.close();
    }
  });
});
