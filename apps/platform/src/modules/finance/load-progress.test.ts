import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconFilesResponseSchema, uploadResponseSchema } from '@web-control/contract/finance';
import type { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { FILE_LOAD_RESUME_JOB, FINANCE_MESSAGES, LOAD_RESUME_AFTER_MS } from './messages.ts';
import { createFinanceService } from './service.ts';

const WALLET = '3';
/** Several COPY batches of this test's size, so a load stops between them. */
const ROWS = 4500;
const FIRST_BATCH = 2000;

function walletFile(prefix: string, rows = ROWS): string {
  const lines = Array.from({ length: rows }, (_, index) => `${prefix}${index},${index},2026-03-01`);
  return ['entry_id,amount,posted_at', ...lines].join('\n');
}

/** A COPY that holds before its `at`-th batch until released: a loader paused, or an instance dead. */
function holdingCopy(database: DatabaseHandle, at: number) {
  let calls = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reached!: () => void;
  const holding = new Promise<void>((resolve) => {
    reached = resolve;
  });
  return {
    copyIn: async (...args: Parameters<DatabaseHandle['copyIn']>) => {
      calls += 1;
      if (calls === at) {
        reached();
        await released;
      }
      await database.copyIn(...args);
    },
    holding,
    release,
  };
}

describe.each(TEST_DATABASE_KINDS)('a file load in the background on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let operator = '';
  let approver: { userId: string; username: string } = { userId: '', username: '' };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
    const maker = await createTestUser(database, ['VIEW_PROCESSES', 'SUBMIT_ACTIONS']);
    operator = (await login(app, maker.username, maker.password)).access_token;
    approver = await createTestUser(database, ['VIEW_PROCESSES', 'VIEW_ACTIONS', 'APPROVE_ACTIONS']);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** The platform's service with its COPY held: another instance of it, on the same database. */
  function instance(copyIn: DatabaseHandle['copyIn']) {
    const loads: Array<Promise<unknown>> = [];
    const service = createFinanceService({
      db: database.db,
      copyIn,
      copyOut: database.copyOut,
      loadBatchRows: FIRST_BATCH,
      background: (_what, work) => loads.push(work()),
      clock: app.clock,
      audit: app.services.audit,
      permissionsOfUser: () => Promise.resolve([]),
    });
    const approve = (actionId: string) =>
      service.review({ ...approver, clientAddress: null }, actionId, 'approve', 'Checked');
    return { approve, loads };
  }

  async function upload(fileName: string, content: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/recon/files',
      payload: content,
      headers: {
        authorization: `Bearer ${operator}`,
        'content-type': 'text/csv',
        'finance-file-name': fileName,
        'finance-action-comment': 'Daily file',
        'finance-process-id': WALLET,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [file] = uploadResponseSchema.parse(response.json()).files;
    return { fileId: file?.id ?? 0, actionId: file?.actionId ?? '' };
  }

  async function inboxEntry(fileId: number) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/recon/files?processIds=${WALLET}&limit=100`,
      headers: { authorization: `Bearer ${operator}` },
    });
    return reconFilesResponseSchema.parse(response.json()).reconFiles.find((entry) => entry.id === fileId);
  }

  async function keysOf(fileId: number) {
    const rows = await database.db
      .selectFrom('recon_records')
      .select('match_key')
      .where('file_id', '=', fileId)
      .execute();
    return rows.map((row) => row.match_key);
  }

  async function staged(fileId: number) {
    const rows = await database.db
      .selectFrom('recon_load_rows')
      .select('line')
      .where('file_id', '=', fileId)
      .execute();
    return rows.length;
  }

  function reviewOf(actionId: string) {
    return database.db
      .selectFrom('recon_actions')
      .select(['status', 'reviewer_username', 'reviewed_at'])
      .where('action_id', '=', actionId)
      .executeTakeFirstOrThrow();
  }

  async function auditStatuses(actionId: string) {
    const rows = await database.db
      .selectFrom('recon_audits')
      .select('status')
      .where('action_id', '=', actionId)
      .orderBy('audit_id')
      .execute();
    return rows.map((row) => row.status);
  }

  it('answers the approval at once and shows FILTER with the records read of the total while loading', async () => {
    const { fileId, actionId } = await upload('wallet-ledger-20230201.csv', walletFile('P'));
    expect(await inboxEntry(fileId), 'its load waits').toMatchObject({ pendingAction: 'LOAD_FILE' });
    const copy = holdingCopy(database, 2);
    const { approve, loads } = instance(copy.copyIn);
    const approvedAt = app.clock.now();
    await approve(actionId);
    expect(await inboxEntry(fileId), 'approved, not loaded yet').toMatchObject({
      status: 'FILTER',
      pendingAction: null,
    });
    await copy.holding;
    expect(await inboxEntry(fileId)).toMatchObject({
      status: 'FILTER',
      records: null,
      progress: { read: FIRST_BATCH, total: ROWS },
    });
    // The load ends later than its approval (within the tokens' lifetime): the review's date stays the approval's.
    app.clock.advance(30_000);
    copy.release();
    await Promise.all(loads);
    expect(await reviewOf(actionId)).toEqual({
      status: 'SUCCESS',
      reviewer_username: approver.username,
      reviewed_at: approvedAt,
    });
    expect(await inboxEntry(fileId)).toMatchObject({
      status: 'LOADED',
      records: ROWS,
      exceptions: 0,
      progress: null,
    });
    expect(await auditStatuses(actionId)).toEqual(['REGISTERED', 'SUCCESS']);
    expect(await staged(fileId), 'nothing left staged').toBe(0);
  });

  it('resumes a load whose instance died mid-way from the start, each record once', async () => {
    const { fileId, actionId } = await upload('wallet-ledger-20230202.csv', walletFile('K'));
    const dead = holdingCopy(database, 2);
    const dying = instance(dead.copyIn);
    await dying.approve(actionId);
    await dead.holding;
    expect(await staged(fileId), 'the first batch staged').toBe(FIRST_BATCH);

    app.clock.advance(LOAD_RESUME_AFTER_MS + 1000);
    expect(await app.services.financeJobs.run(FILE_LOAD_RESUME_JOB)).toBe('SUCCESS');
    const keys = await keysOf(fileId);
    expect(keys).toHaveLength(ROWS);
    expect(new Set(keys).size, 'no record twice').toBe(ROWS);
    expect(await inboxEntry(fileId)).toMatchObject({ status: 'LOADED', records: ROWS });

    // The silent loader wakes up: its file has been taken over, and it writes nothing more.
    dead.release();
    await Promise.all(dying.loads);
    expect(await keysOf(fileId)).toHaveLength(ROWS);
    expect(await staged(fileId), 'its rows dropped').toBe(0);
    expect(await auditStatuses(actionId)).toEqual(['REGISTERED', 'SUCCESS']);
  });

  it.runIf(kind === 'postgres')(
    'leaves a file whose loader holds it in its closing transaction to that loader',
    async () => {
      const { fileId, actionId } = await upload('wallet-ledger-20230204.csv', walletFile('L'));
      const copy = holdingCopy(database, 2);
      const loader = instance(copy.copyIn);
      await loader.approve(actionId);
      await copy.holding;
      app.clock.advance(LOAD_RESUME_AFTER_MS + 1000);
      // The file's row locked as the loader's closing transaction locks it: silent, yet alive.
      const resumed = await database.db.transaction().execute(async (tx) => {
        await tx
          .selectFrom('recon_files')
          .select('file_id')
          .where('file_id', '=', fileId)
          .forUpdate()
          .execute();
        return app.services.financeJobs.run(FILE_LOAD_RESUME_JOB);
      });
      expect(resumed).toBe('SUCCESS');
      const attempts = await database.db
        .selectFrom('recon_files')
        .select('load_attempts')
        .where('file_id', '=', fileId)
        .executeTakeFirstOrThrow();
      expect(attempts.load_attempts, 'not claimed again').toBe(1);
      copy.release();
      await Promise.all(loader.loads);
      expect(await inboxEntry(fileId)).toMatchObject({ status: 'LOADED', records: ROWS });
      expect(await auditStatuses(actionId)).toEqual(['REGISTERED', 'SUCCESS']);
    },
  );

  it('ends a load that fails while staging in ERROR with the reason, and nothing loaded', async () => {
    const { fileId, actionId } = await upload('wallet-ledger-20230203.csv', walletFile('E'));
    let calls = 0;
    const { approve, loads } = instance(async (...args) => {
      calls += 1;
      if (calls === 2) throw new Error('the disk is full');
      await database.copyIn(...args);
    });
    await approve(actionId);
    await Promise.all(loads);
    expect(await inboxEntry(fileId)).toMatchObject({
      status: 'ERROR',
      records: null,
      errorReason: FINANCE_MESSAGES.loadFailed('the disk is full'),
      progress: null,
    });
    expect(await keysOf(fileId)).toEqual([]);
    expect(await staged(fileId)).toBe(0);
    expect(await auditStatuses(actionId)).toEqual(['REGISTERED', 'ERROR']);
  });
});
