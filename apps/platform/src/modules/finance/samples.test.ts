import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reconTransactionsResponseSchema,
  uploadCandidatesResponseSchema,
  uploadResponseSchema,
} from '@web-control/contract/finance';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { ManualClock } from '../../clock.ts';
import type { App } from '../../server.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';

const SAMPLES = fileURLToPath(new URL('../../../../../samples/finance/', import.meta.url));

describe.each(TEST_DATABASE_KINDS)('sample files for manual upload on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let operator = '';
  let approver = '';
  const actionOf = new Map<string, string>();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
    const made = await createTestUser(database, ['VIEW_PROCESSES', 'SUBMIT_ACTIONS']);
    operator = (await login(app, made.username, made.password)).access_token;
    const checker = await createTestUser(database, ['VIEW_ACTIONS', 'APPROVE_ACTIONS']);
    approver = (await login(app, checker.username, checker.password)).access_token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('each match one demo process, upload, load when approved and show every match outcome', async () => {
    const names = (await readdir(SAMPLES)).filter((name) => name.endsWith('.csv')).sort();
    expect(names).toHaveLength(6);
    for (const name of names) {
      const candidates = await app.inject({
        method: 'GET',
        url: `/api/recon/files/processes?filename=${name}`,
        headers: { authorization: `Bearer ${operator}` },
      });
      const [process, ...others] = uploadCandidatesResponseSchema.parse(candidates.json()).processes;
      expect(others).toEqual([]);
      const uploaded = await app.inject({
        method: 'POST',
        url: '/api/recon/files',
        payload: await readFile(`${SAMPLES}${name}`),
        headers: {
          authorization: `Bearer ${operator}`,
          'content-type': 'text/csv',
          'finance-file-name': name,
          'finance-action-comment': 'Sample file',
          'finance-process-id': String(process?.id),
        },
      });
      expect(uploaded.statusCode).toBe(201);
      const [file] = uploadResponseSchema.parse(uploaded.json()).files;
      actionOf.set(name, file?.actionId ?? '');
      const approved = await app.inject({
        method: 'POST',
        url: `/api/recon/actions/${file?.actionId ?? ''}/approve`,
        payload: { comment: 'Looks right' },
        headers: { authorization: `Bearer ${approver}` },
      });
      expect(approved.statusCode).toBeLessThan(300);
      await app.services.financeJobs.idle();
    }
    const files = await database.db
      .selectFrom('recon_files')
      .select(['file_name', 'status', 'records', 'exceptions'])
      .orderBy('file_name')
      .execute();
    expect(files).toEqual([
      { file_name: 'card-acquirer-20250615.csv', status: 'LOADED', records: 4, exceptions: 0 },
      { file_name: 'card-network-20250615.csv', status: 'ERROR', records: 4, exceptions: 1 },
      { file_name: 'card-switch-20250615.csv', status: 'LOADED', records: 5, exceptions: 0 },
      { file_name: 'eft-clearing-20250615.csv', status: 'LOADED', records: 3, exceptions: 0 },
      { file_name: 'eft-switch-20250615.csv', status: 'LOADED', records: 3, exceptions: 0 },
      { file_name: 'wallet-ledger-20250615.csv', status: 'LOADED', records: 3, exceptions: 0 },
    ]);
    const card = await database.db
      .selectFrom('recon_transactions')
      .select(['match_key', 'match_status', 'score'])
      .where('process_id', '=', 1)
      .orderBy('match_key')
      .execute();
    expect(card.map((row) => [row.match_key, row.match_status, row.score === 100])).toEqual([
      ['["506612000101"]', 'MATCHED', true],
      ['["506612000102"]', 'MATCHED', true],
      ['["506612000103"]', 'MATCHED', false],
      ['["506612000104"]', 'UNMATCHED', false],
      ['["506612000105"]', 'MATCHED', true],
    ]);
  });

  it("pages an action's transactions with every party's records, for holders of VIEW_ACTIONS", async () => {
    const acquirer = actionOf.get('card-acquirer-20250615.csv') ?? '';
    const call = (url: string, token = approver) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const first = await call(`/api/recon/processes/1/actions/${acquirer}/transactions?offset=0&limit=2`);
    expect(first.statusCode).toBe(200);
    const page = reconTransactionsResponseSchema.parse(first.json());
    expect(page.paginationInfo).toEqual({ nextPage: 2, range: '1-2', totalRecords: 4 });
    expect(page.transactions.map((item) => [item.matchStatus, item.score, item.settlementStatus])).toEqual([
      ['MATCHED', 100, 'PENDING'],
      ['MATCHED', 100, 'PENDING'],
    ]);
    expect(page.transactions[0]?.records).toEqual([
      {
        type: 'PRIMARY',
        partyId: 1,
        fields: {
          rrn: '506612000101',
          amount: '12500',
          currency: 'ZAR',
          transactionDate: '2025-06-15T08:12:04Z',
          merchant: 'Corner Cafe',
        },
      },
      expect.objectContaining({ type: 'PRIMARY', partyId: 2 }),
      expect.objectContaining({ type: 'PRIMARY', partyId: 3 }),
    ]);
    const rest = reconTransactionsResponseSchema.parse(
      (await call(`/api/recon/processes/1/actions/${acquirer}/transactions?offset=2&limit=2`)).json(),
    );
    expect(rest.transactions.map((item) => [item.matchStatus, item.score < 100])).toEqual([
      ['MATCHED', true],
      ['MATCHED', false],
    ]);
    expect((await call(`/api/recon/processes/2/actions/${acquirer}/transactions`)).statusCode).toBe(404);
    expect((await call(`/api/recon/processes/1/actions/${acquirer}/transactions`, operator)).statusCode).toBe(
      403,
    );
  });
});
