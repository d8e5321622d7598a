import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@web-control/contract/errors';
import { reconFilesResponseSchema, uploadResponseSchema } from '@web-control/contract/finance';
import type { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { UNSUPPORTED_ENCODING_MESSAGE } from '../../plugins/content-encoding.ts';
import type { App } from '../../server.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { NOT_UTF8_MESSAGE } from '../../utf8.ts';
import { FILE_LIMIT_REASONS, FINANCE_CELL_MAX_BYTES, FINANCE_LINE_MAX_BYTES } from './file-limits.ts';
import {
  FILE_LOAD_RESUME_JOB,
  FINANCE_LOAD_MAX_ATTEMPTS,
  FINANCE_MESSAGES,
  LOAD_RESUME_AFTER_MS,
} from './messages.ts';

/** Large enough for the 3 MiB cell of the report that found the poisoned load. */
const UPLOAD_MAX_BYTES = 16 * 1024 * 1024;
const WALLET = '3';
const WALLET_HEADER = 'entry_id,amount,posted_at';
const MiB = 1024 * 1024;

function walletRows(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix}${index},${index},2026-03-01`);
}

function walletFile(rows: string[]): string {
  return [WALLET_HEADER, ...rows].join('\n');
}

describe.each(TEST_DATABASE_KINDS)('finance file loads on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  const users = {
    operator: { username: '', password: '' },
    approver: { username: '', password: '' },
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database, settings: { financeUploadMaxBytes: UPLOAD_MAX_BYTES } });
    users.operator = await createTestUser(database, [
      'VIEW_PROCESSES',
      'SUBMIT_ACTIONS',
      'RECON_RELOAD_FILE',
    ]);
    users.approver = await createTestUser(database, ['VIEW_PROCESSES', 'VIEW_ACTIONS', 'APPROVE_ACTIONS']);
    await signIn();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const tokens = { operator: '', approver: '' };

  /** After the clock has moved past the access tokens' lifetime. */
  async function signIn() {
    for (const who of ['operator', 'approver'] as const) {
      tokens[who] = (await login(app, users[who].username, users[who].password)).access_token;
    }
  }

  async function upload(fileName: string, content: string | Buffer, headers: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: '/api/recon/files',
      payload: content,
      headers: {
        authorization: `Bearer ${tokens.operator}`,
        'content-type': 'text/csv',
        'finance-file-name': fileName,
        'finance-action-comment': 'Daily file',
        'finance-process-id': WALLET,
        ...headers,
      },
    });
  }

  /** Uploads and approves; the approval stands (204) whatever its load did. */
  async function approved(fileName: string, content: string) {
    const uploaded = await upload(fileName, content);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [registered] = uploadResponseSchema.parse(uploaded.json()).files;
    const approval = await app.inject({
      method: 'POST',
      url: `/api/recon/actions/${registered?.actionId}/approve`,
      payload: { comment: 'Checked' },
      headers: { authorization: `Bearer ${tokens.approver}` },
    });
    expect(approval.statusCode, approval.body).toBe(204);
    await app.services.financeJobs.idle();
    return { fileId: registered?.id ?? 0, actionId: registered?.actionId ?? '' };
  }

  function file(fileId: number) {
    return database.db
      .selectFrom('recon_files')
      .select(['status', 'records', 'exceptions', 'load_error', 'load_attempts'])
      .where('file_id', '=', fileId)
      .executeTakeFirst();
  }

  async function inboxEntry(fileId: number) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/recon/files?processIds=${WALLET}&limit=100`,
      headers: { authorization: `Bearer ${tokens.operator}` },
    });
    return reconFilesResponseSchema.parse(response.json()).reconFiles.find((entry) => entry.id === fileId);
  }

  /** The file's records by key: each good row exactly once. */
  async function recordKeys(fileId: number): Promise<string[]> {
    const rows = await database.db
      .selectFrom('recon_records')
      .select('match_key')
      .where('file_id', '=', fileId)
      .orderBy('match_key')
      .execute();
    return rows.map((row) => (JSON.parse(row.match_key) as string[]).join());
  }

  async function auditStatuses(actionId: string): Promise<string[]> {
    const rows = await database.db
      .selectFrom('recon_audits')
      .select('status')
      .where('action_id', '=', actionId)
      .orderBy('audit_id')
      .execute();
    return rows.map((row) => row.status);
  }

  async function resume() {
    app.clock.advance(LOAD_RESUME_AFTER_MS + 1000);
    const outcome = await app.services.financeJobs.run(FILE_LOAD_RESUME_JOB);
    await signIn();
    return outcome;
  }

  /**
   * What a kill mid-load leaves: the load's transaction never commits and nothing writes its
   * outcome. Here the file row refuses both outcomes, so the load rolls back and so does its ERROR.
   */
  async function killLoads(on: boolean) {
    await (
      on
        ? sql`alter table recon_files add constraint test_kill check (status not in ('LOADED', 'ERROR')) not valid`
        : sql`alter table recon_files drop constraint test_kill`
    ).execute(database.db);
  }

  it('refuses a compressed request body with 415, on an upload and on a JSON route', async () => {
    const compressed = gzipSync(walletFile(walletRows('Z', 1)));
    const refused = await upload('wallet-ledger-20230107.csv', compressed, { 'content-encoding': 'gzip' });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({
      errorMessage: UNSUPPORTED_ENCODING_MESSAGE('gzip'),
      code: ERROR_CODES.unsupportedMediaType,
    });
    const stored = await database.db
      .selectFrom('recon_files')
      .select('file_id')
      .where('file_name', '=', 'wallet-ledger-20230107.csv')
      .execute();
    expect(stored, 'nothing stored compressed as if it were the file').toEqual([]);

    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: gzipSync(
        JSON.stringify({ username: users.operator.username, password: users.operator.password }),
      ),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(signIn.statusCode).toBe(415);
    expect(signIn.json()).toMatchObject({ code: ERROR_CODES.unsupportedMediaType });

    const identity = await upload('wallet-ledger-20230107.csv', walletFile(walletRows('Z', 1)), {
      'content-encoding': 'identity',
    });
    expect(identity.statusCode, 'a body as it is passes').toBe(201);
  });

  it('refuses a file that is not UTF-8 with 400 naming the byte offset', async () => {
    const head = Buffer.from(`${WALLET_HEADER}\nU1,1,2026-03-01\nU`, 'utf8');
    const content = Buffer.concat([head, Buffer.from([0xe9]), Buffer.from(',2,2026-03-01\n')]);
    const refused = await upload('wallet-ledger-20230106.csv', content);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorMessage: NOT_UTF8_MESSAGE(head.length),
      code: ERROR_CODES.validation,
    });
    const stored = await database.db
      .selectFrom('recon_files')
      .select('file_id')
      .where('file_name', '=', 'wallet-ledger-20230106.csv')
      .execute();
    expect(stored).toEqual([]);
  });

  it('keeps an over-long cell or line, a NUL and an over-long key as row exceptions, and the next file loads', async () => {
    const longLine = `${'A'.repeat(3 * MiB)},1,2026-03-01`;
    const longCell = `${'B'.repeat(FINANCE_CELL_MAX_BYTES + 1)},2,2026-03-01`;
    // Each quote is two bytes of the match key's JSON: the cell fits, the key does not.
    const longKey = `"${'""'.repeat(FINANCE_CELL_MAX_BYTES)}",3,2026-03-01`;
    const content = walletFile([
      'P1,1,2026-03-01',
      longLine,
      'N\u00001,4,2026-03-01',
      longCell,
      longKey,
      'P2,5,2026-03-01',
    ]);
    const { fileId, actionId } = await approved('wallet-ledger-20230108.csv', content);

    expect(await file(fileId)).toMatchObject({
      status: 'ERROR',
      records: 2,
      exceptions: 4,
      load_error: null,
    });
    expect(await recordKeys(fileId)).toEqual(['P1', 'P2']);
    const exceptions = await database.db
      .selectFrom('recon_exceptions')
      .select(['line', 'reason', 'raw'])
      .where('file_id', '=', fileId)
      .orderBy('line')
      .execute();
    expect(exceptions.map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 3, reason: FILE_LIMIT_REASONS.lineTooLong },
      { line: 4, reason: FILE_LIMIT_REASONS.nul },
      { line: 5, reason: FILE_LIMIT_REASONS.cellTooLong('entry_id') },
      { line: 6, reason: FILE_LIMIT_REASONS.keyTooLong },
    ]);
    expect(exceptions[0]?.raw, 'an over-long line is kept up to the limit').toBe(
      'A'.repeat(FINANCE_LINE_MAX_BYTES),
    );
    expect(exceptions[1]?.raw, 'the NUL is kept as a replacement character').toBe('N\uFFFD1,4,2026-03-01');
    expect(await auditStatuses(actionId)).toEqual(['REGISTERED', 'ERROR']);
    expect(await inboxEntry(fileId)).toMatchObject({ status: 'ERROR', exceptions: 4, errorReason: null });

    const next = await approved('wallet-ledger-20230109.csv', walletFile(walletRows('Q', 3)));
    expect(await file(next.fileId)).toMatchObject({ status: 'LOADED', records: 3, exceptions: 0 });
  });

  it('keeps backslashes, tabs and line breaks of a cell exactly, in records and exceptions', async () => {
    // What COPY's text format escapes, on the way to the staging table and back out of it.
    const content = walletFile([
      'C:\\ledger\\n1,1,2026-03-01',
      'bad\\one\tx,oops,2026-03-01',
      '"tab\there",2,2026-03-01',
      '"two\nlines",3,2026-03-01',
      '"a\rCR",5,2026-03-01',
      '\\N,4,2026-03-01',
    ]);
    const { fileId } = await approved('wallet-ledger-20230110.csv', content);

    expect(await file(fileId)).toMatchObject({ status: 'ERROR', records: 5, exceptions: 1 });
    expect((await recordKeys(fileId)).sort()).toEqual(
      ['C:\\ledger\\n1', 'tab\there', 'two\nlines', 'a\rCR', '\\N'].sort(),
    );
    const exceptions = await database.db
      .selectFrom('recon_exceptions')
      .select(['line', 'reason', 'raw'])
      .where('file_id', '=', fileId)
      .execute();
    expect(exceptions).toEqual([
      { line: 3, reason: 'amount is not a whole number', raw: 'bad\\one\tx,oops,2026-03-01' },
    ]);
  });

  it('ends a load that fails in the database in ERROR, resuming each stalled file on its own', async () => {
    await killLoads(true);
    const failing = await approved(
      'wallet-ledger-20230113.csv',
      walletFile(['BOOM,1,2026-03-01', 'F1,2,2026-03-01']),
    );
    const goodRows = walletRows('K', 500);
    const interrupted = await approved('wallet-ledger-20230111.csv', walletFile(goodRows));
    for (const { fileId } of [failing, interrupted]) {
      expect(await file(fileId)).toMatchObject({ status: 'FILTER', records: null, load_attempts: 1 });
      expect(await recordKeys(fileId)).toEqual([]);
    }
    await killLoads(false);
    // The first file now fails inside the database, as the poisoned loads did.
    await sql`alter table recon_records add constraint test_boom check (match_key <> '["BOOM"]')`.execute(
      database.db,
    );
    try {
      expect(await resume(), 'every stalled file settled').toBe('SUCCESS');
    } finally {
      await sql`alter table recon_records drop constraint test_boom`.execute(database.db);
    }

    const reason = FINANCE_MESSAGES.loadFailed(
      'new row for relation "recon_records" violates check constraint "test_boom"',
    );
    expect(await file(failing.fileId)).toMatchObject({ status: 'ERROR', records: null, load_error: reason });
    expect(await recordKeys(failing.fileId)).toEqual([]);
    expect(await auditStatuses(failing.actionId)).toEqual(['REGISTERED', 'ERROR']);
    expect(await inboxEntry(failing.fileId)).toMatchObject({ status: 'ERROR', errorReason: reason });

    expect(await file(interrupted.fileId)).toMatchObject({
      status: 'LOADED',
      records: 500,
      load_error: null,
    });
    expect(await recordKeys(interrupted.fileId), 'each good row once').toEqual(
      goodRows.map((row) => row.split(',')[0]).sort(),
    );
    expect(await auditStatuses(interrupted.actionId)).toEqual(['REGISTERED', 'SUCCESS']);

    // In ERROR the file can be reloaded (or rolled back): nothing is stuck any more.
    const reload = await app.inject({
      method: 'POST',
      url: `/api/recon/files/${failing.fileId}/reload`,
      payload: { comment: 'Again' },
      headers: { authorization: `Bearer ${tokens.operator}` },
    });
    expect(reload.statusCode, reload.body).toBe(201);
  });

  it(`ends a load that never finishes in ERROR once ${FINANCE_LOAD_MAX_ATTEMPTS} have started`, async () => {
    await killLoads(true);
    const stuck = await approved('wallet-ledger-20230112.csv', walletFile(walletRows('S', 10)));
    try {
      for (let attempt = 2; attempt <= FINANCE_LOAD_MAX_ATTEMPTS; attempt += 1) {
        expect(await resume(), 'the outcome could not be written').toBe('ERROR');
        expect(await file(stuck.fileId)).toMatchObject({ status: 'FILTER', load_attempts: attempt });
      }
    } finally {
      await killLoads(false);
    }
    expect(await resume()).toBe('SUCCESS');
    expect(await file(stuck.fileId)).toMatchObject({
      status: 'ERROR',
      records: null,
      load_error: FINANCE_MESSAGES.loadNeverFinished,
    });
    expect(await recordKeys(stuck.fileId)).toEqual([]);
    expect(await auditStatuses(stuck.actionId)).toEqual(['REGISTERED', 'ERROR']);
  });
});
