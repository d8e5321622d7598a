import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionsResponseSchema, auditsResponseSchema } from '@web-control/contract/finance-actions';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { ManualClock } from '../../clock.ts';
import type { App } from '../../server.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { DAY_MS, HOUR_MS } from '../../time.ts';
import { DEMO_FEED_JOB, DEMO_OPERATOR, demoDayFiles, type SwitchRow } from './demo-feed.ts';

const row = (reference: string, amount: number): SwitchRow => ({
  reference,
  amount,
  currency: 'ZAR',
  at: new Date('2026-03-01T10:00:00Z'),
  merchant: 'M1',
});

describe('demo day files', () => {
  it('derive the parties’ files from the switch rows with their faults', () => {
    // Every third row is a card row: C1..C4.
    const rows = ['C1', 'E1', 'W1', 'C2', 'E2', 'W2', 'C3', 'E3', 'W3', 'C4', 'E4', 'W4'].map((id) =>
      row(id, 1000),
    );
    const files = demoDayFiles(new Date('2026-03-01T00:00:00Z'), rows, row('LATE', 500));
    const lines = (name: string) =>
      (files.find((file) => file.fileName === name)?.content ?? '').trim().split('\n').slice(1);
    expect(lines('card-switch-20260301.csv').map((line) => line.split(',')[0])).toEqual([
      'C1',
      'C2',
      'C3',
      'C4',
    ]);
    // The acquirer misses the second row and reports the third with another amount.
    expect(lines('card-acquirer-20260301.csv').map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
      'C1,1000',
      'C3,1100',
      'C4,1000',
    ]);
    // The network sends the day before's last row today, and today's last row tomorrow.
    expect(lines('card-network-20260301.csv').map((line) => line.split(',')[0])).toEqual([
      'LATE',
      'C1',
      'C2',
      'C3',
    ]);
    expect(lines('wallet-ledger-20260301.csv').map((line) => line.split(',')[0])).toEqual([
      'W1',
      'W2',
      'W3',
      'W4',
    ]);
    // 2026-03-01 is an odd day since the epoch: its clearing file is clean; the next day's is not.
    expect(lines('eft-clearing-20260301.csv')).toHaveLength(4);
    const next = demoDayFiles(new Date('2026-03-02T00:00:00Z'), rows, undefined);
    const clearing = next.find((file) => file.fileName === 'eft-clearing-20260302.csv')?.content ?? '';
    expect(clearing.trim().split('\n')).toHaveLength(7);
  });
});

describe.each(TEST_DATABASE_KINDS)('demo feed on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function addSwitchTransactions(day: Date, count: number) {
    const type = await database.db
      .selectFrom('service_types')
      .select('service_type_id')
      .executeTakeFirstOrThrow();
    const originator = await database.db
      .selectFrom('originator_types')
      .select('originator_type_id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('transactions')
      .values(
        Array.from({ length: count }, (_, index) => ({
          uuid: randomUUID(),
          reference_number: `REF${day.getTime().toString(36)}${index.toString().padStart(3, '0')}`,
          originator_type_id: originator.originator_type_id,
          originator_id: `ATM ${index}`,
          service_type_id: type.service_type_id,
          service_desc: 'Purchase',
          server_desc: 'node-1',
          tran_state: 'Completed',
          time_started: new Date(day.getTime() + HOUR_MS + index * 1000),
          service_data: JSON.stringify({
            base: [{ name: 'Amount', value: 1000 + index, meta: { currency: 'ZAR' } }],
            service: [],
            error: [],
          }),
        })),
      )
      .execute();
  }

  async function tokenFor(permissions: Parameters<typeof createTestUser>[1]) {
    const user = await createTestUser(database, permissions);
    return (await login(app, user.username, user.password)).access_token;
  }

  it('fails while the switch has no transactions', async () => {
    expect(await app.services.financeJobs.run(DEMO_FEED_JOB)).toBe('ERROR');
    expect(await database.db.selectFrom('recon_files').select('file_id').execute()).toEqual([]);
  });

  it('delivers the history as the system, with faults, an ERROR file and pending uploads', async () => {
    const now = app.clock.now();
    const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
    const yesterday = new Date(today.getTime() - DAY_MS);
    await addSwitchTransactions(yesterday, 30);
    expect(await app.services.financeJobs.run(DEMO_FEED_JOB)).toBe('SUCCESS');

    const files = await database.db
      .selectFrom('recon_files')
      .select(['file_name', 'status', 'records', 'exceptions'])
      .orderBy('file_id')
      .execute();
    // Three days of six feed files, then the operator's two late uploads.
    expect(files).toHaveLength(20);
    const stamp = (day: Date) => day.toISOString().slice(0, 10).replaceAll('-', '');
    expect(files.find((file) => file.file_name === `card-switch-${stamp(yesterday)}.csv`)).toEqual({
      file_name: `card-switch-${stamp(yesterday)}.csv`,
      status: 'LOADED',
      records: 10,
      exceptions: 0,
    });
    const errors = files.filter((file) => file.status === 'ERROR');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((file) => file.file_name.startsWith('eft-clearing-') && file.exceptions === 2)).toBe(
      true,
    );
    expect(files.filter((file) => file.status === 'REGISTERED').map((file) => file.file_name)).toEqual([
      `card-acquirer-${stamp(new Date(today.getTime() - 4 * DAY_MS))}.csv`,
      `eft-clearing-${stamp(new Date(today.getTime() - 4 * DAY_MS))}.csv`,
    ]);

    // Yesterday's card rows: the acquirer's missing row is UNMATCHED, its other amount partial.
    const outcomes = await database.db
      .selectFrom('recon_transactions')
      .select(['match_status', 'score'])
      .where('process_id', '=', 1)
      .where('match_key', 'like', '%REF%')
      .execute();
    expect(outcomes.filter((item) => item.match_status === 'UNMATCHED').length).toBeGreaterThan(0);
    expect(outcomes.some((item) => item.match_status === 'MATCHED' && item.score < 100)).toBe(true);
    expect(outcomes.some((item) => item.match_status === 'MATCHED' && item.score === 100)).toBe(true);

    // Settlement history: each history day's run closed, and today's open one per process.
    const runs = await database.db
      .selectFrom('recon_settlement_runs')
      .select(['business_date', 'status', 'transaction_count'])
      .where('process_id', '=', 1)
      .orderBy('business_date')
      .execute();
    expect(runs.map((run) => [run.business_date.toISOString().slice(0, 10), run.status])).toEqual([
      ...[3, 2, 1].map((back) => [
        new Date(today.getTime() - back * DAY_MS).toISOString().slice(0, 10),
        'CLOSED',
      ]),
      [today.toISOString().slice(0, 10), 'OPEN'],
    ]);
    expect(runs.some((run) => run.status === 'CLOSED' && (run.transaction_count ?? 0) > 0)).toBe(true);
    const reports = await database.db
      .selectFrom('recon_extracts')
      .select('file_name')
      .where('dedupe_key', 'like', 'settlement-report:%')
      .execute();
    expect(reports).toHaveLength(9);

    const auditor = await tokenFor(['VIEW_AUDITS']);
    const audits = auditsResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/recon/actions/audits?offset=0&limit=100',
          headers: { authorization: `Bearer ${auditor}` },
        })
      ).json(),
    ).audits;
    const byStatus = (status: string, username: string) =>
      audits.filter((audit) => audit.status === status && audit.username === username).length;
    expect(byStatus('REGISTERED', 'system')).toBe(18);
    expect(byStatus('SUCCESS', 'system') + byStatus('ERROR', 'system')).toBe(18);
    expect(byStatus('ERROR', 'system')).toBe(errors.length);
    expect(byStatus('REGISTERED', DEMO_OPERATOR)).toBe(2);
  });

  it('leaves the operator’s uploads to another approver, and then loads them', async () => {
    const approver = await tokenFor(['VIEW_ACTIONS', 'APPROVE_ACTIONS']);
    const pending = actionsResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/recon/actions?status=pending&offset=0&limit=10',
          headers: { authorization: `Bearer ${approver}` },
        })
      ).json(),
    ).actions;
    expect(pending.map((action) => [action.type, action.username])).toEqual([
      ['LOAD_FILE', DEMO_OPERATOR],
      ['LOAD_FILE', DEMO_OPERATOR],
    ]);
    const [first] = pending;
    const approved = await app.inject({
      method: 'POST',
      url: `/api/recon/actions/${first?.id ?? ''}/approve`,
      payload: { comment: 'Checked with the bank' },
      headers: { authorization: `Bearer ${approver}` },
    });
    expect(approved.statusCode).toBeLessThan(300);
    await app.services.financeJobs.idle();
    const file = await database.db
      .selectFrom('recon_files')
      .select(['status', 'records'])
      .where('file_name', '=', first?.meta.fileName ?? '')
      .executeTakeFirstOrThrow();
    // Loaded, its records kept (a clearing file of an even day keeps its malformed lines too).
    expect(['LOADED', 'ERROR']).toContain(file.status);
    expect(file.records).toBeGreaterThan(0);
  });

  it('delivers only the missing day on a later run, once', async () => {
    app.clock.advance(DAY_MS);
    expect(await app.services.financeJobs.run(DEMO_FEED_JOB)).toBe('SUCCESS');
    expect(await app.services.financeJobs.run(DEMO_FEED_JOB)).toBe('SUCCESS');
    const count = await database.db
      .selectFrom('recon_files')
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirstOrThrow();
    expect(Number(count.total)).toBe(26);
  });
});
