import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeHeaderText,
  processDefinitionSchema,
  processesResponseSchema,
  reconFilesResponseSchema,
  snapshotSchema,
  uploadResponseSchema,
} from '@web-control/contract/finance';
import {
  actionMetadataResponseSchema,
  actionsResponseSchema,
  auditsResponseSchema,
} from '@web-control/contract/finance-actions';
import type { Permission as AnyPermission } from '@web-control/contract/permissions';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import type { ManualClock } from '../../clock.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { APPROVAL_MESSAGES } from '../approvals/service.ts';
import { FINANCE_MESSAGES } from './messages.ts';

const UPLOAD_MAX_BYTES = 64 * 1024;
const CARD = 1;
const EFT = 2;
const CARD_HEADER = 'rrn,amount,currency,transaction_date,merchant';
const NETWORK_HEADER = 'retrieval_reference,amount_minor,currency_code,timestamp,merchant_name';

describe.each(TEST_DATABASE_KINDS)('finance API on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  const tokens: Record<'operator' | 'approver' | 'approver2' | 'maker' | 'nobody', string> = {
    operator: '',
    approver: '',
    approver2: '',
    maker: '',
    nobody: '',
  };
  const usernames: Record<string, string> = {};
  const passwords: Record<string, string> = {};

  async function user(name: keyof typeof tokens, permissions: AnyPermission[]) {
    const created = await createTestUser(database, permissions);
    tokens[name] = (await login(app, created.username, created.password)).access_token;
    usernames[name] = created.username;
    passwords[name] = created.password;
  }

  /** After the clock has moved past the access tokens' lifetime. */
  async function signInAgain(...names: Array<keyof typeof tokens>) {
    for (const name of names) {
      tokens[name] = (await login(app, usernames[name] ?? '', passwords[name] ?? '')).access_token;
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database, settings: { financeUploadMaxBytes: UPLOAD_MAX_BYTES } });
    await user('operator', [
      'VIEW_PROCESSES',
      'SUBMIT_ACTIONS',
      'VIEW_ACTIONS',
      'RECON_ROLLBACK_FILE',
      'RECON_RELOAD_FILE',
      'DOWNLOAD_INBOX_FILES',
    ]);
    await user('approver', ['VIEW_PROCESSES', 'VIEW_ACTIONS', 'APPROVE_ACTIONS', 'VIEW_AUDITS']);
    await user('approver2', ['VIEW_PROCESSES', 'VIEW_ACTIONS', 'APPROVE_ACTIONS']);
    await user('maker', ['VIEW_PROCESSES', 'SUBMIT_ACTIONS', 'APPROVE_ACTIONS']);
    await user('nobody', []);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  function call(
    method: 'GET' | 'POST',
    url: string,
    options: { token?: string | null; payload?: object; headers?: Record<string, string> } = {},
  ) {
    const token = options.token === undefined ? tokens.operator : options.token;
    return app.inject({
      method,
      url,
      ...(options.payload === undefined ? {} : { payload: options.payload }),
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...options.headers },
    });
  }

  function upload(
    fileName: string,
    content: string,
    processIds: string,
    options: { token?: string; key?: string; comment?: string } = {},
  ) {
    return app.inject({
      method: 'POST',
      url: '/api/recon/files',
      payload: content,
      headers: {
        authorization: `Bearer ${options.token ?? tokens.operator}`,
        'content-type': 'text/csv',
        'finance-file-name': fileName,
        'finance-action-comment': options.comment ?? 'Daily file',
        'finance-process-id': processIds,
        ...(options.key === undefined ? {} : { 'idempotency-key': options.key }),
      },
    });
  }

  async function uploaded(fileName: string, content: string, processIds = String(CARD)) {
    const response = await upload(fileName, content, processIds);
    expect(response.statusCode, response.body).toBe(201);
    return uploadResponseSchema.parse(response.json()).files;
  }

  /** A review, answered once an approved file's load (which runs in the background) has ended. */
  async function review(actionId: string, decision: 'approve' | 'reject', token = tokens.approver) {
    const response = await call('POST', `/api/recon/actions/${actionId}/${decision}`, {
      token,
      payload: { comment: 'Checked' },
    });
    await app.services.financeJobs.idle();
    return response;
  }

  async function loadApproved(fileName: string, content: string, processIds = String(CARD)) {
    const files = await uploaded(fileName, content, processIds);
    for (const file of files) {
      const response = await review(file.actionId, 'approve');
      expect(response.statusCode, response.body).toBe(204);
    }
    return files;
  }

  async function file(id: number) {
    return database.db.selectFrom('recon_files').selectAll().where('file_id', '=', id).executeTakeFirst();
  }

  async function transactions(processId: number) {
    const rows = await database.db
      .selectFrom('recon_transactions')
      .select(['match_key', 'match_status', 'settlement_status', 'score'])
      .where('process_id', '=', processId)
      .orderBy('match_key')
      .execute();
    return Object.fromEntries(
      rows.map((row) => [
        (JSON.parse(row.match_key) as string[]).join('|'),
        `${row.match_status}/${row.settlement_status}/${row.score}`,
      ]),
    );
  }

  function cardRow(rrn: string, amount: number) {
    return `${rrn},${amount},USD,2026-03-01T10:00:00Z,Shop ${rrn}`;
  }

  it('lists the seeded processes with their definitions, pills and snapshot', async () => {
    const list = processesResponseSchema.parse((await call('GET', '/api/recon/processes?limit=10')).json());
    expect(
      list.processes.map((process) => [process.id, process.displayName, Object.keys(process.parties).length]),
    ).toEqual([
      [1, 'Card acquiring', 3],
      [2, 'EFT', 2],
      [3, 'Wallet ledger', 1],
    ]);
    expect(list.paginationInfo).toEqual({ nextPage: null, range: '1-3', totalRecords: 3 });
    const paged = processesResponseSchema.parse((await call('GET', '/api/recon/processes?limit=2')).json());
    expect(paged.paginationInfo).toEqual({ nextPage: 2, range: '1-2', totalRecords: 3 });

    const process = processDefinitionSchema.parse((await call('GET', '/api/recon/processes/2')).json());
    expect(process.parties).toEqual({ '1': 'Switch', '2': 'Clearing house' });
    expect(process.fields.map((field) => [field.name, field.displayName, field.money])).toEqual([
      ['reference', 'Reference', null],
      ['amount', 'Amount', { currencyField: null }],
      ['valueDate', 'Value date', null],
    ]);
    const card = processDefinitionSchema.parse((await call('GET', '/api/recon/processes/1')).json());
    expect(card.fields.find((field) => field.name === 'amount')?.money).toEqual({
      currencyField: 'currency',
    });
    const missing = await call('GET', '/api/recon/processes/99');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      errorMessage: FINANCE_MESSAGES.noProcess,
      code: 'NO_PROCESS_FOUND',
    });

    const snapshot = snapshotSchema.parse((await call('GET', '/api/recon/processes/1/snapshot')).json());
    expect(snapshot.fileSources.map((source) => source.displayName)).toEqual([
      'Switch',
      'Acquiring bank',
      'Card network',
    ]);
  });

  it('matches a file name against the parties’ patterns', async () => {
    const card = await call('GET', '/api/recon/files/processes?filename=card-network-20260302.csv');
    expect(card.json()).toEqual({ processes: [{ id: CARD }] });
    const none = await call('GET', '/api/recon/files/processes?filename=holiday.jpg');
    expect(none.json()).toEqual({ processes: [] });
  });

  it('refuses callers without the permission each route names', async () => {
    const routes: Array<{ method: 'GET' | 'POST'; url: string; payload?: object }> = [
      { method: 'GET', url: '/api/recon/processes' },
      { method: 'GET', url: '/api/recon/processes/1' },
      { method: 'GET', url: '/api/recon/processes/1/snapshot' },
      { method: 'GET', url: '/api/recon/files' },
      { method: 'GET', url: '/api/recon/files/processes?filename=a.csv' },
      { method: 'GET', url: '/api/recon/actions' },
      { method: 'GET', url: '/api/recon/actions/audits' },
      { method: 'GET', url: '/api/recon/files/token?fileIdentifier=1' },
      { method: 'POST', url: '/api/recon/files/1/rollback', payload: { comment: 'x' } },
      { method: 'POST', url: '/api/recon/files/1/reload', payload: { comment: 'x' } },
      {
        method: 'POST',
        url: '/api/recon/actions/00000000-0000-4000-8000-000000000000/approve',
        payload: { comment: 'x' },
      },
    ];
    for (const route of routes) {
      const options = route.payload === undefined ? {} : { payload: route.payload };
      expect((await call(route.method, route.url, { ...options, token: null })).statusCode, route.url).toBe(
        401,
      );
      expect(
        (await call(route.method, route.url, { ...options, token: tokens.nobody })).statusCode,
        route.url,
      ).toBe(403);
    }
    expect((await upload('card-switch-20260302.csv', 'x', '1', { token: tokens.approver })).statusCode).toBe(
      403,
    );
    const approve = await call('POST', '/api/recon/actions/00000000-0000-4000-8000-000000000000/approve', {
      token: tokens.operator,
      payload: { comment: 'x' },
    });
    expect(approve.statusCode).toBe(403);
  });

  it('keeps bad rows as exceptions and loads the good ones, the file in ERROR', async () => {
    const content = [
      CARD_HEADER,
      cardRow('P1', 100),
      'P2,12.50,USD,2026-03-01T10:00:00Z,Shop',
      'P3,100,USD,yesterday,Shop',
      ',100,USD,2026-03-01T10:00:00Z,Shop',
      'P4,100,USD',
      cardRow('P5', 500),
      'P6,99999999999999999999,USD,2026-03-01T10:00:00Z,Shop',
    ].join('\n');
    const [registered] = await uploaded('card-switch-20260220.csv', content);
    expect((await file(registered?.id ?? 0))?.status).toBe('REGISTERED');
    expect((await review(registered?.actionId ?? '', 'approve')).statusCode).toBe(204);

    const loaded = await file(registered?.id ?? 0);
    expect(loaded).toMatchObject({ status: 'ERROR', records: 2, exceptions: 5 });
    const exceptions = await database.db
      .selectFrom('recon_exceptions')
      .select(['line', 'reason'])
      .where('file_id', '=', registered?.id ?? 0)
      .orderBy('line')
      .execute();
    expect(exceptions).toEqual([
      { line: 3, reason: 'amount is not a whole number' },
      { line: 4, reason: 'transactionDate is not a date' },
      { line: 5, reason: 'rrn is empty' },
      { line: 6, reason: 'Expected 5 columns, found 3' },
      { line: 8, reason: 'amount is a whole number of more than 18 digits' },
    ]);
    const inbox = reconFilesResponseSchema.parse((await call('GET', '/api/recon/files?processIds=1')).json());
    expect(inbox.reconFiles[0]).toMatchObject({
      id: registered?.id,
      fileName: 'card-switch-20260220.csv',
      partyName: 'Switch',
      status: 'ERROR',
      records: 2,
      exceptions: 5,
    });
  });

  it('matches, scores, leaves unmatched and restores the previous state on rollback', async () => {
    await loadApproved(
      'card-switch-20260301.csv',
      [CARD_HEADER, cardRow('M1', 1000), cardRow('M2', 2000), cardRow('M3', 3000)].join('\n'),
    );
    await loadApproved(
      'card-acquirer-20260301.csv',
      [CARD_HEADER, cardRow('M1', 1000), cardRow('M2', 2500), cardRow('M3', 3000)].join('\n'),
    );
    const beforeNetwork = await transactions(CARD);
    expect(beforeNetwork).toMatchObject({
      M1: 'UNMATCHED/ISSUE/0',
      M2: 'UNMATCHED/ISSUE/0',
      M3: 'UNMATCHED/ISSUE/0',
    });
    const [network] = await loadApproved(
      'card-network-20260301.csv',
      [NETWORK_HEADER, 'M1,1000,USD,2026-03-01T10:00:00Z,Shop', 'M2,2000,USD,2026-03-01T10:00:00Z,Shop'].join(
        '\n',
      ),
    );
    expect(await transactions(CARD)).toMatchObject({
      // All three agree: matched. The bank's amount differs: partially matched (an issue, not
      // settled), scored 2/3 on amount, 3/3 on currency.
      M1: 'MATCHED/PENDING/100',
      M2: 'MATCHED/ISSUE/83',
      M3: 'UNMATCHED/ISSUE/0',
    });

    const requested = await call('POST', `/api/recon/files/${network?.id}/rollback`, {
      payload: { comment: 'Wrong day' },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const { actionId } = requested.json<{ actionId: string }>();
    const pendingOf = async () => {
      const inbox = reconFilesResponseSchema.parse(
        (await call('GET', `/api/recon/files?processIds=${CARD}`)).json(),
      );
      const ofThisDay = inbox.reconFiles.filter((each) => each.fileName.endsWith('-20260301.csv'));
      return Object.fromEntries(ofThisDay.map((each) => [each.fileName, each.pendingAction]));
    };
    expect(await pendingOf(), 'the inbox says which file’s rollback waits').toEqual({
      'card-switch-20260301.csv': null,
      'card-acquirer-20260301.csv': null,
      'card-network-20260301.csv': 'ROLLBACK_FILE',
    });
    const again = await call('POST', `/api/recon/files/${network?.id}/rollback`, {
      payload: { comment: 'Again' },
    });
    expect(again.statusCode).toBe(409);
    expect((await review(actionId, 'approve')).statusCode).toBe(204);
    expect(await pendingOf()).toEqual({
      'card-switch-20260301.csv': null,
      'card-acquirer-20260301.csv': null,
    });
    expect(await transactions(CARD)).toEqual(beforeNetwork);
    expect(await file(network?.id ?? 0)).toBeUndefined();
  });

  it('keeps the grid values with the records a rollback leaves; a transaction gone takes its values', async () => {
    const eftFile = (header: string, rows: string[]) => [header, ...rows].join('\n');
    const rollBack = async (fileId: number) => {
      const requested = await call('POST', `/api/recon/files/${fileId}/rollback`, {
        payload: { comment: 'Wrong day' },
      });
      expect(requested.statusCode, requested.body).toBe(201);
      expect((await review(requested.json<{ actionId: string }>().actionId, 'approve')).statusCode).toBe(204);
    };
    const [switchFile] = await loadApproved(
      'eft-switch-20260305.csv',
      eftFile('reference,amount,value_date', ['V1,10,2026-03-05', 'V2,20,2026-03-05']),
      String(EFT),
    );
    const [clearingFile] = await loadApproved(
      'eft-clearing-20260305.csv',
      eftFile('ref,amount_cents,date', ['V1,11,2026-03-06']),
      String(EFT),
    );
    const values = async () => {
      const result = await sql<{ key: string; field: string; value: string | null }>`
        select t.match_key as key, v.field,
          coalesce(v.text_value, v.number_value::text, to_char(v.time_value at time zone 'UTC', 'YYYY-MM-DD')) as value
        from recon_transaction_values v join recon_transactions t using (transaction_id)
        where t.process_id = ${EFT} and t.match_key in ('["V1"]', '["V2"]')
        order by 1, 2
      `.execute(database.db);
      return result.rows.map((row) => `${row.key} ${row.field}=${row.value ?? ''}`);
    };
    // The switch is the first party: its values win while it has a record.
    expect(await values()).toEqual([
      '["V1"] amount=10',
      '["V1"] reference=V1',
      '["V1"] valueDate=2026-03-05',
      '["V2"] amount=20',
      '["V2"] reference=V2',
      '["V2"] valueDate=2026-03-05',
    ]);
    const v2 = await database.db
      .selectFrom('recon_transactions')
      .select('transaction_id')
      .where('process_id', '=', EFT)
      .where('match_key', '=', '["V2"]')
      .executeTakeFirstOrThrow();

    await rollBack(switchFile?.id ?? 0);
    expect(await values()).toEqual([
      '["V1"] amount=11',
      '["V1"] reference=V1',
      '["V1"] valueDate=2026-03-06',
    ]);
    const orphans = await database.db
      .selectFrom('recon_transaction_values')
      .select('field')
      .where('transaction_id', '=', v2.transaction_id)
      .execute();
    expect(orphans).toEqual([]);

    // A file's records go with it as well: seen in a transaction undone after.
    const fileRemoved = database.db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('recon_files')
        .where('file_id', '=', clearingFile?.id ?? 0)
        .execute();
      const left = await tx
        .selectFrom('recon_records')
        .select('record_id')
        .where('file_id', '=', clearingFile?.id ?? 0)
        .execute();
      throw new Error(`${left.length} records left`);
    });
    await expect(fileRemoved).rejects.toThrow('0 records left');
    await rollBack(clearingFile?.id ?? 0);
    expect(await values()).toEqual([]);
  });

  it('treats a single-party process as matched and a two-party one as unmatched until both arrive', async () => {
    await loadApproved(
      'wallet-ledger-20260301.csv',
      ['entry_id,amount,posted_at', 'W1,10,2026-03-01', 'W2,20,2026-03-01'].join('\n'),
      '3',
    );
    expect(await transactions(3)).toEqual({ W1: 'MATCHED/PENDING/100', W2: 'MATCHED/PENDING/100' });
    await loadApproved(
      'eft-switch-20260301.csv',
      ['reference,amount,value_date', 'E1,10,2026-03-01'].join('\n'),
      '2',
    );
    expect(await transactions(EFT)).toEqual({ E1: 'UNMATCHED/ISSUE/0' });
    await loadApproved(
      'eft-clearing-20260301.csv',
      ['ref,amount_cents,date', 'E1,11,2026-03-01'].join('\n'),
      '2',
    );
    expect(await transactions(EFT)).toEqual({ E1: 'MATCHED/ISSUE/50' });
  });

  it('uploads one file to several processes, one action each', async () => {
    await database.db
      .insertInto('recon_processes')
      .values({ process_id: 4, name: 'card-fees', display_name: 'Card fees' })
      .execute();
    await database.db
      .insertInto('recon_fields')
      .values({
        process_id: 4,
        position: 0,
        name: 'rrn',
        display_name: 'RRN',
        type: 'TEXT',
        reconcilable: true,
        is_key: true,
        is_money: false,
      })
      .execute();
    await database.db
      .insertInto('recon_parties')
      .values({
        process_id: 4,
        party_id: 1,
        name: 'Switch',
        file_pattern: '^card-switch-',
        columns: JSON.stringify({ rrn: 'rrn' }),
      })
      .execute();
    const candidates = await call('GET', '/api/recon/files/processes?filename=card-switch-20260215.csv');
    expect(candidates.json()).toEqual({ processes: [{ id: CARD }, { id: 4 }] });
    const files = await uploaded(
      'card-switch-20260215.csv',
      [CARD_HEADER, cardRow('S1', 1)].join('\n'),
      '1, 4',
    );
    expect(files).toHaveLength(2);
    const rows = await database.db
      .selectFrom('recon_files')
      .select(['process_id', 'party_id', 'status'])
      .where('file_name', '=', 'card-switch-20260215.csv')
      .orderBy('process_id')
      .execute();
    expect(rows).toEqual([
      { process_id: CARD, party_id: 1, status: 'REGISTERED' },
      { process_id: 4, party_id: 1, status: 'REGISTERED' },
    ]);
    expect(new Set(files.map((item) => item.actionId)).size).toBe(2);
  });

  it('commits FILTER with the approval; a failed load ends in ERROR with its reason and no records, and a reload loads it', async () => {
    const content = ['entry_id,amount,posted_at', 'H1,1,2026-03-01', 'BOOM,2,2026-03-01'].join('\n');
    const [pending] = await uploaded('wallet-ledger-20260302.csv', content, '3');
    const fileId = pending?.id ?? 0;
    const actionId = pending?.actionId ?? '';
    // A constraint the match step breaks: the records are written by then, and must go with it.
    await sql`alter table recon_transactions add constraint test_boom check (match_key <> '["BOOM"]')`.execute(
      database.db,
    );
    const approved = await review(actionId, 'approve');
    expect(approved.statusCode, 'the approval stands although its load failed').toBe(204);
    const reason = FINANCE_MESSAGES.loadFailed(
      'new row for relation "recon_transactions" violates check constraint "test_boom"',
    );
    expect(await file(fileId)).toMatchObject({
      status: 'ERROR',
      records: null,
      exceptions: null,
      load_error: reason,
    });
    const records = () =>
      database.db.selectFrom('recon_records').select('record_id').where('file_id', '=', fileId).execute();
    expect(await records()).toEqual([]);
    expect(await transactions(3)).not.toHaveProperty('H1');
    const inbox = reconFilesResponseSchema.parse((await call('GET', '/api/recon/files?processIds=3')).json());
    expect(inbox.reconFiles.find((item) => item.id === fileId)).toMatchObject({
      status: 'ERROR',
      errorReason: reason,
    });
    const actions = async (status: string) =>
      actionsResponseSchema
        .parse((await call('GET', `/api/recon/actions?status=${status}&processIds=3&limit=500`)).json())
        .actions.map((action) => action.id);
    expect(await actions('pending'), 'no longer waiting for a review').not.toContain(actionId);
    expect(await actions('approved')).toContain(actionId);
    expect((await review(actionId, 'approve', tokens.approver2)).statusCode, 'reviewed once').toBe(409);
    const audits = (id: string) =>
      database.db
        .selectFrom('recon_audits')
        .select(['status', 'reviewer_username'])
        .where('action_id', '=', id)
        .orderBy('audit_id')
        .execute();
    expect(await audits(actionId)).toEqual([
      { status: 'REGISTERED', reviewer_username: null },
      { status: 'ERROR', reviewer_username: usernames.approver },
    ]);

    await sql`alter table recon_transactions drop constraint test_boom`.execute(database.db);
    const reload = await call('POST', `/api/recon/files/${fileId}/reload`, { payload: { comment: 'Again' } });
    expect(reload.statusCode, reload.body).toBe(201);
    const reloadId = reload.json<{ actionId: string }>().actionId;
    expect((await review(reloadId, 'approve')).statusCode).toBe(204);
    expect(await file(fileId)).toMatchObject({
      status: 'LOADED',
      records: 2,
      exceptions: 0,
      load_error: null,
    });
    expect(await records()).toHaveLength(2);
    expect(await transactions(3)).toMatchObject({ H1: 'MATCHED/PENDING/100', BOOM: 'MATCHED/PENDING/100' });
    const reloaded = reconFilesResponseSchema.parse(
      (await call('GET', '/api/recon/files?processIds=3')).json(),
    );
    expect(reloaded.reconFiles.find((item) => item.id === fileId)).toMatchObject({
      status: 'LOADED',
      errorReason: null,
    });
    expect(await audits(reloadId)).toEqual([
      { status: 'REGISTERED', reviewer_username: null },
      { status: 'SUCCESS', reviewer_username: usernames.approver },
    ]);
  });

  it('shows FILTER in the inbox while an approved file loads', async () => {
    const rows = Array.from({ length: 3000 }, (_, index) => `L${index},${index},2026-03-01`);
    const content = ['entry_id,amount,posted_at', ...rows].join('\n');
    const [pending] = await uploaded('wallet-ledger-20260303.csv', content, '3');
    const statuses = new Set<string>();
    const approval = { done: false };
    const approving = review(pending?.actionId ?? '', 'approve').finally(() => {
      approval.done = true;
    });
    while (!approval.done) {
      const inbox = reconFilesResponseSchema.parse(
        (await call('GET', '/api/recon/files?processIds=3')).json(),
      );
      const status = inbox.reconFiles.find((item) => item.id === pending?.id)?.status;
      if (status !== undefined) statuses.add(status);
    }
    expect((await approving).statusCode).toBe(204);
    expect(statuses, 'another session saw the file loading').toContain('FILTER');
    expect(await file(pending?.id ?? 0)).toMatchObject({ status: 'LOADED', records: 3000 });
  });

  it('refuses a review of your own request and resolves racing reviews to one', async () => {
    const [own] = await uploaded('card-switch-20260225.csv', [CARD_HEADER, cardRow('F1', 1)].join('\n'));
    const response = await call('POST', `/api/recon/files/${own?.id}/reload`, {
      payload: { comment: 'x' },
    });
    expect(response.statusCode).toBe(409);
    const mine = await upload('card-switch-20260226.csv', [CARD_HEADER, cardRow('F2', 1)].join('\n'), '1', {
      token: tokens.maker,
    });
    const [made] = uploadResponseSchema.parse(mine.json()).files;
    const selfReview = await review(made?.actionId ?? '', 'approve', tokens.maker);
    expect(selfReview.statusCode).toBe(403);
    expect(selfReview.json()).toMatchObject({ errorMessage: APPROVAL_MESSAGES.ownChanges });

    const outcomes = await Promise.all([
      review(own?.actionId ?? '', 'approve', tokens.approver),
      review(own?.actionId ?? '', 'approve', tokens.approver2),
    ]);
    expect(outcomes.map((outcome) => outcome.statusCode).sort()).toEqual([204, 409]);
    const records = await database.db
      .selectFrom('recon_records')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('file_id', '=', own?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(Number(records.n)).toBe(1);
  });

  it('answers a replayed upload with the first answer, refuses the same file or name again (a header alone may repeat), and caps the size', async () => {
    const content = [CARD_HEADER, cardRow('I1', 7)].join('\n');
    const first = await upload('card-switch-20260227.csv', content, '1', { key: 'upload-1' });
    expect(first.statusCode).toBe(201);
    const replay = await upload('card-switch-20260227.csv', content, '1', { key: 'upload-1' });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const rows = await database.db
      .selectFrom('recon_files')
      .select('file_id')
      .where('file_name', '=', 'card-switch-20260227.csv')
      .execute();
    expect(rows).toHaveLength(1);

    const duplicate = await upload('card-switch-20260228.csv', content, '1');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ errorMessage: FINANCE_MESSAGES.alreadyLoaded });
    const sameName = await upload(
      'card-switch-20260227.csv',
      [CARD_HEADER, cardRow('I2', 8)].join('\n'),
      '1',
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      errorMessage: FINANCE_MESSAGES.nameInInbox('card-switch-20260227.csv'),
    });
    // Two uploads of one name at once: the name's lock lets one in.
    const racing = await Promise.all(
      ['I3', 'I4'].map((rrn) =>
        upload('card-switch-20260123.csv', [CARD_HEADER, cardRow(rrn, 9)].join('\n'), '1'),
      ),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    // A party with nothing to report sends the same header every quiet day: each is a file of its own.
    for (const day of ['20260121', '20260122']) {
      const quiet = await upload(`card-switch-${day}.csv`, `${CARD_HEADER}\n`, '1');
      expect(quiet.statusCode, quiet.body).toBe(201);
    }
    const kept = await database.db
      .selectFrom('recon_files')
      .select('file_name')
      .where('file_name', 'in', ['card-switch-20260227.csv', 'card-switch-20260228.csv'])
      .execute();
    expect(
      kept.map((row) => row.file_name),
      'the refused uploads left nothing',
    ).toEqual(['card-switch-20260227.csv']);

    const empty = await upload('card-switch-20260228.csv', '', '1');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errorMessage: 'The file is empty: there is nothing to load.' });
    const large = await upload('card-switch-20260229.csv', 'x'.repeat(UPLOAD_MAX_BYTES + 1), '1');
    expect(large.statusCode).toBe(413);
    const unmatched = await upload('holiday.csv', content, '1');
    expect(unmatched.statusCode).toBe(400);
  });

  it('lists pending actions, audits each step with its reviewer, and drops a rejected upload', async () => {
    const content = [CARD_HEADER, cardRow('A1', 5), cardRow('A2', 6)].join('\n');
    const [pending] = await uploaded('card-switch-20260210.csv', content);
    const list = actionsResponseSchema.parse(
      (await call('GET', '/api/recon/actions?processIds=1&limit=100')).json(),
    );
    const listed = list.actions.find((action) => action.id === pending?.actionId);
    expect(listed).toMatchObject({
      type: 'LOAD_FILE',
      username: usernames.operator,
      comment: 'Daily file',
      processName: 'Card acquiring',
      meta: { fileName: 'card-switch-20260210.csv' },
    });
    const metadata = await call('GET', `/api/recon/processes/1/actions/${pending?.actionId}/metadata`);
    expect(metadata.json()).toMatchObject({
      fileName: 'card-switch-20260210.csv',
      action: { id: pending?.actionId },
      review: { status: 'pending', reviewerUsername: null, reviewedDate: null },
      // What the approver weighs before the load: the file as it waits, not yet read.
      file: {
        id: pending?.id,
        fileName: 'card-switch-20260210.csv',
        partyName: 'Switch',
        status: 'REGISTERED',
        sizeBytes: Buffer.byteLength(content),
        recordsTotal: 2,
        records: null,
        exceptions: null,
        errorReason: null,
      },
    });

    expect((await review(pending?.actionId ?? '', 'reject')).statusCode).toBe(204);
    expect(await file(pending?.id ?? 0)).toBeUndefined();
    const rejected = await call('GET', `/api/recon/processes/1/actions/${pending?.actionId}/metadata`);
    expect(rejected.json()).toMatchObject({
      review: { status: 'rejected', reviewerUsername: usernames.approver },
    });
    const audits = auditsResponseSchema.parse(
      (
        await call('GET', `/api/recon/actions/audits?username=${usernames.operator}&limit=500`, {
          token: tokens.approver,
        })
      ).json(),
    );
    const mine = audits.audits.filter((audit) => audit.type === 'LOAD_FILE').slice(0, 2);
    expect(mine.map((audit) => [audit.status, audit.reviewerUsername])).toEqual([
      ['REJECTED', usernames.approver],
      ['REGISTERED', null],
    ]);
    // A file's action names its file, so two loads of one day tell apart.
    expect(mine.map((audit) => audit.fileName)).toEqual([
      'card-switch-20260210.csv',
      'card-switch-20260210.csv',
    ]);
    const rejectedOnly = auditsResponseSchema.parse(
      (
        await call('GET', `/api/recon/actions/audits?status=REJECTED&type=LOAD_FILE&limit=500`, {
          token: tokens.approver,
        })
      ).json(),
    );
    expect(rejectedOnly.audits.map((audit) => [audit.status, audit.type])).toEqual([
      ['REJECTED', 'LOAD_FILE'],
    ]);
    const future = auditsResponseSchema.parse(
      (
        await call('GET', `/api/recon/actions/audits?fromDateTimeInclusive=2030-01-01T00:00:00Z`, {
          token: tokens.approver,
        })
      ).json(),
    );
    expect(future.paginationInfo.totalRecords).toBe(0);
    // The last supported instant is a valid bound: its month is the last one the audit counts keep.
    const totalOf = async (query: string) => {
      const response = await call('GET', `/api/recon/actions/audits?${query}`, { token: tokens.approver });
      expect(response.statusCode, response.body).toBe(200);
      return auditsResponseSchema.parse(response.json()).paginationInfo.totalRecords;
    };
    expect(await totalOf('fromDateTimeInclusive=9999-12-31T23:59:59.999Z')).toBe(0);
    expect(await totalOf('toDateTimeInclusive=9999-12-31T23:59:59.999Z')).toBe(await totalOf('limit=1'));
    const statuses = new Set(audits.audits.map((audit) => audit.status));
    expect([...statuses].sort()).toEqual(['ERROR', 'REGISTERED', 'REJECTED', 'SUCCESS']);
  });

  it('downloads a file and its exceptions once per token, only for that file', async () => {
    const [loaded] = await loadApproved(
      'card-switch-20260211.csv',
      [CARD_HEADER, cardRow('D1', 5), 'D2,x,USD,2026-03-01,Shop', '=cmd,x,USD,2026-03-01,Shop'].join('\n'),
    );
    async function token(fileId: number) {
      const response = await call('GET', `/api/recon/files/token?fileIdentifier=${fileId}`);
      expect(response.statusCode).toBe(200);
      return response.json<{ token: string }>().token;
    }
    const first = await token(loaded?.id ?? 0);
    const download = await call('GET', `/api/recon/files/${loaded?.id}/download?access_token=${first}`, {
      token: null,
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('D1,5,USD');
    const reused = await call('GET', `/api/recon/files/${loaded?.id}/download?access_token=${first}`, {
      token: null,
    });
    expect(reused.statusCode).toBe(403);

    const second = await token(loaded?.id ?? 0);
    const exceptions = await call('GET', `/api/recon/files/${loaded?.id}/exceptions?access_token=${second}`, {
      token: null,
    });
    expect(exceptions.statusCode).toBe(200);
    expect(exceptions.body).toBe(
      'line,reason,row\n3,"amount is not a whole number","D2,x,USD,2026-03-01,Shop"\n' +
        // A cell that would start a spreadsheet formula is kept as text.
        '4,"amount is not a whole number","\'=cmd,x,USD,2026-03-01,Shop"\n',
    );

    const downloader = await createTestUser(database, ['DOWNLOAD_INBOX_FILES']);
    const downloaderToken = (await login(app, downloader.username, downloader.password)).access_token;
    const granted = await call('GET', `/api/recon/files/token?fileIdentifier=${loaded?.id}`, {
      token: downloaderToken,
    });
    await database.db
      .updateTable('users')
      .set({ disabled: true })
      .where('user_id', '=', downloader.userId)
      .execute();
    const disabled = await call(
      'GET',
      `/api/recon/files/${loaded?.id}/download?access_token=${granted.json<{ token: string }>().token}`,
      { token: null },
    );
    expect(disabled.statusCode).toBe(403);

    const third = await token(loaded?.id ?? 0);
    const otherFile = await call('GET', `/api/recon/files/999999/download?access_token=${third}`, {
      token: null,
    });
    expect(otherFile.statusCode).toBe(403);
    app.clock.advance(61_000);
    const fourth = await token(loaded?.id ?? 0);
    app.clock.advance(61_000);
    const expired = await call('GET', `/api/recon/files/${loaded?.id}/download?access_token=${fourth}`, {
      token: null,
    });
    expect(expired.statusCode).toBe(403);
  });
  it('counts pills per the decisions and reloads a file in ERROR without doubling its records', async () => {
    app.clock.advance(24 * 60 * 60 * 1000);
    await signInAgain('operator', 'approver');
    async function pills() {
      const list = processesResponseSchema.parse((await call('GET', '/api/recon/processes')).json());
      const eft = list.processes.find((process) => process.id === EFT);
      return [eft?.pendingApprovals, eft?.missingFiles, eft?.uploadErrors, eft?.reconExceptions];
    }
    // E1, partially matched by an earlier test, is an exception throughout.
    expect(await pills()).toEqual([0, 2, 0, 1]);
    const [switchFile] = await uploaded(
      'eft-switch-20260303.csv',
      ['reference,amount,value_date', 'E2,10,2026-03-03'].join('\n'),
      String(EFT),
    );
    expect(await pills()).toEqual([1, 1, 0, 1]);
    expect((await review(switchFile?.actionId ?? '', 'approve')).statusCode).toBe(204);
    expect(await pills()).toEqual([0, 1, 0, 2]);

    const [clearing] = await loadApproved(
      'eft-clearing-20260303.csv',
      ['ref,amount_cents,date', 'E2,10,2026-03-03', 'E3,ten,2026-03-03'].join('\n'),
      String(EFT),
    );
    expect(await pills()).toEqual([0, 0, 1, 1]);
    const requested = await call('POST', `/api/recon/files/${clearing?.id}/reload`, {
      payload: { comment: 'Again' },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    expect(await pills()).toEqual([1, 0, 1, 1]);
    expect((await review(requested.json<{ actionId: string }>().actionId, 'approve')).statusCode).toBe(204);
    expect(await file(clearing?.id ?? 0)).toMatchObject({ status: 'ERROR', records: 1, exceptions: 1 });
    const records = await database.db
      .selectFrom('recon_records')
      .select('match_key')
      .where('file_id', '=', clearing?.id ?? 0)
      .execute();
    expect(records).toEqual([{ match_key: '["E2"]' }]);
    expect(await transactions(EFT)).toMatchObject({ E2: 'MATCHED/PENDING/100' });
    const loadedFile = await call('POST', `/api/recon/files/${switchFile?.id}/reload`, {
      payload: { comment: 'x' },
    });
    expect(loadedFile.statusCode).toBe(409);
    expect(loadedFile.json()).toMatchObject({ errorMessage: FINANCE_MESSAGES.notInError });
  });

  it('reads the file name and comment headers percent-encoded, as the console sends any text', async () => {
    const comment = 'John’s daily file ✓ 支付, 50% checked';
    const response = await upload(
      'card-switch-20260213.csv',
      [CARD_HEADER, cardRow('E1', 5)].join('\n'),
      String(CARD),
      { comment: encodeHeaderText(comment) },
    );
    expect(response.statusCode, response.body).toBe(201);
    const [encoded] = uploadResponseSchema.parse(response.json()).files;
    const commentOf = async (actionId: string | undefined) =>
      actionMetadataResponseSchema.parse(
        (await call('GET', `/api/recon/processes/${CARD}/actions/${actionId}/metadata`)).json(),
      ).action.comment;
    expect(await commentOf(encoded?.actionId)).toBe(comment);
    // A client that sends plain text keeps working, a lone % included.
    const plain = await upload(
      'card-switch-20260212.csv',
      [CARD_HEADER, cardRow('E2', 5)].join('\n'),
      String(CARD),
      {
        comment: '50% of the day',
      },
    );
    expect(plain.statusCode, plain.body).toBe(201);
    const [plainFile] = uploadResponseSchema.parse(plain.json()).files;
    expect(await commentOf(plainFile?.actionId)).toBe('50% of the day');
    for (const file of [encoded, plainFile]) {
      expect((await review(file?.actionId ?? '', 'reject')).statusCode).toBe(204);
    }
  });
});
