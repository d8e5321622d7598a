import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesResponseSchema } from '@web-control/contract/finance';
import { actionMetadataResponseSchema, actionsResponseSchema } from '@web-control/contract/finance-actions';
import {
  csvCell,
  encodeReconQuery,
  reconResultsResponseSchema,
  transactionActionResponseSchema,
  type ReconQuery,
} from '@web-control/contract/finance-results';
import { IMPOSSIBLE_DATE_MESSAGE, INSTANT_RANGE_MESSAGE } from '@web-control/contract/inputs';
import type { Permission } from '@web-control/contract/permissions';
import type { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { APPROVAL_MESSAGES } from '../approvals/service.ts';
import { findPlanNode, type PlanNode } from '../../testing/query-plans.ts';
import { pageIdsSql, RESULTS_MESSAGES } from './results-selection.ts';
import { FINANCE_MESSAGES } from './messages.ts';
import { createFinanceService, type FinanceService } from './service.ts';

const CARD = 1;
const CARD_HEADER = 'rrn,amount,currency,transaction_date,merchant';
const NETWORK_HEADER = 'retrieval_reference,amount_minor,currency_code,timestamp,merchant_name';
const AT = '2026-03-01T10:00:00Z';

describe.each(TEST_DATABASE_KINDS)('recon results and transaction actions on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let service: FinanceService;
  const tokens: Record<'operator' | 'approver' | 'viewer' | 'nobody', string> = {
    operator: '',
    approver: '',
    viewer: '',
    nobody: '',
  };

  const usernames: Partial<Record<keyof typeof tokens, string>> = {};

  async function user(name: keyof typeof tokens, permissions: Permission[]) {
    const created = await createTestUser(database, permissions);
    usernames[name] = created.username;
    tokens[name] = (await login(app, created.username, created.password)).access_token;
  }

  function call(method: 'GET' | 'POST', url: string, payload?: object, token = tokens.operator) {
    return app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { authorization: `Bearer ${token}` },
    });
  }

  async function feed(fileName: string, lines: string[]) {
    const status = await service.loadFeedFile({
      processId: CARD,
      fileName,
      content: Buffer.from(lines.join('\n')),
      arrivedAt: app.clock.now(),
    });
    expect(status).toBe('SUCCESS');
  }

  async function results(query: Partial<ReconQuery> | string) {
    const search = typeof query === 'string' ? query : encodeReconQuery(query).toString();
    const response = await call('GET', `/api/recon/processes/${CARD}/transactions?${search}`);
    expect(response.statusCode, response.body).toBe(200);
    return reconResultsResponseSchema.parse(response.json());
  }

  /** The rrns of a query's page; sorted by rrn unless the query sorts (ids follow the matcher's order). */
  async function rrns(query: Partial<ReconQuery> | string) {
    const sorted =
      typeof query === 'string' || query.sortBy !== undefined
        ? query
        : { ...query, sortBy: [{ fieldName: 'rrn', direction: 'asc' as const }] };
    const page = await results(sorted);
    return page.transactions.map((item) => item.records[0]?.fields.rrn);
  }

  async function statusOf(rrn: string) {
    const page = await results({ filters: [{ fieldName: 'rrn', type: 'EXACTLY', value: rrn }] });
    const transaction = page.transactions[0];
    return `${transaction?.matchStatus}/${transaction?.settlementStatus}/${transaction?.score}`;
  }

  async function keyOf(rrn: string) {
    const page = await results({ filters: [{ fieldName: 'rrn', type: 'EXACTLY', value: rrn }] });
    const transaction = page.transactions[0];
    return { id: transaction?.id ?? '', createdDateTime: transaction?.createdDateTime ?? '' };
  }

  function approve(actionId: string) {
    return call('POST', `/api/recon/actions/${actionId}/approve`, { comment: 'Checked' }, tokens.approver);
  }

  /**
   * A reject of `first` and an accept of `first` and `second`, both waiting: as two by-filter
   * requests at the same instant can leave them, each missing the other's set.
   */
  async function overlappingActions(day: string, first: string, second: string) {
    await feed(`card-switch-${day}.csv`, [
      CARD_HEADER,
      `${first},700,USD,${AT},Late`,
      `${second},800,USD,${AT},Late`,
    ]);
    const byKey = async (path: string, rrn: string) => {
      const response = await call('POST', `/api/recon/processes/${CARD}/actions/${path}`, {
        comment: path,
        transactionKeys: [await keyOf(rrn)],
      });
      expect(response.statusCode, response.body).toBe(201);
      return transactionActionResponseSchema.parse(response.json()).actionId;
    };
    const reject = await byKey('rejectTransactionsByKey', first);
    const acceptBoth = await byKey('acceptTransactionsByKey', second);
    const firstId = (await keyOf(first)).id;
    await database.db
      .insertInto('recon_action_transactions')
      .values({ action_id: acceptBoth, transaction_id: firstId })
      .execute();
    await database.db
      .updateTable('recon_actions')
      .set({ transaction_count: 2 })
      .where('action_id', '=', acceptBoth)
      .execute();
    return { reject, acceptBoth, firstId };
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
    service = createFinanceService({
      db: database.db,
      copyIn: database.copyIn,
      copyOut: database.copyOut,
      background: (what, work) => app.services.financeJobs.background(what, work),
      clock: app.clock,
      audit: app.services.audit,
      permissionsOfUser: () => Promise.resolve([]),
    });
    await user('operator', ['VIEW_PROCESSES', 'SUBMIT_ACTIONS', 'VIEW_ACTIONS', 'APPROVE_ACTIONS']);
    await user('approver', ['VIEW_PROCESSES', 'VIEW_ACTIONS', 'APPROVE_ACTIONS']);
    await user('viewer', ['VIEW_PROCESSES']);
    await user('nobody', []);
    // R1 all agree; R2 the bank's amount differs (partially matched); R3 and R5 one party short;
    // R4 agrees, with a merchant that a spreadsheet would run as a formula.
    await feed('card-switch-20260301.csv', [
      CARD_HEADER,
      `R1,1000,USD,${AT},Shop one`,
      `R2,1000,USD,${AT},Shop two`,
      `R3,1000,USD,${AT},Shop three`,
      `R4,2500,USD,2026-03-01T12:00:00Z,"=HYPERLINK(""x"")"`,
      `R5,1050,USD,${AT},"+27, -5"`,
    ]);
    await feed('card-acquirer-20260301.csv', [
      CARD_HEADER,
      `R1,1000,USD,${AT},Shop one`,
      `R2,1100,USD,${AT},Shop two`,
      `R3,1000,USD,${AT},Shop three`,
      `R4,2500,USD,2026-03-01T12:00:00Z,@bank`,
    ]);
    await feed('card-network-20260301.csv', [
      NETWORK_HEADER,
      `R1,1000,USD,${AT},Shop one`,
      `R2,1000,USD,${AT},Shop two`,
      `R4,2500,USD,2026-03-01T12:00:00Z,Net`,
      `R5,1050,USD,${AT},Net`,
    ]);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('pages the results by id with every party’s records', async () => {
    const page = await results({ limit: 2 });
    expect(page.paginationInfo).toEqual({ nextPage: 2, range: '1-2', totalRecords: 5 });
    expect(Number(page.transactions[0]?.id)).toBeLessThan(Number(page.transactions[1]?.id));
    const byRrn = await results({ limit: 2, sortBy: [{ fieldName: 'rrn', direction: 'asc' }] });
    expect(byRrn.transactions.map((item) => item.records.map((record) => record.partyId))).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    expect(await rrns({ offset: 2, limit: 25 })).toEqual(['R3', 'R4', 'R5']);
    expect(await statusOf('R2')).toBe('MATCHED/ISSUE/83');
  });

  it('maps the status radio group onto match and settlement status', async () => {
    expect(await rrns({ matchStatus: 'MATCHED', settlementStatus: 'PENDING' })).toEqual(['R1', 'R4']);
    expect(await rrns({ matchStatus: 'UNMATCHED', settlementStatus: 'ISSUE' })).toEqual(['R3', 'R5']);
    expect(await rrns({ matchStatus: 'MATCHED', settlementStatus: 'ISSUE' })).toEqual(['R2']);
    expect(await rrns({ matchStatus: 'PARTIALLY_MATCHED' })).toEqual(['R2']);
    expect(await rrns({ settlementStatus: 'ISSUE' })).toEqual(['R2', 'R3', 'R5']);
  });

  it('filters on any field of the process and on the fixed columns', async () => {
    const only = (fieldName: string, type: 'EXACTLY' | 'STARTS_WITH' | 'ENDS_WITH', value: string) => ({
      filters: [{ fieldName, type, value }],
    });
    expect(await rrns(only('rrn', 'STARTS_WITH', 'R'))).toEqual(['R1', 'R2', 'R3', 'R4', 'R5']);
    // One field's page is read from its values, in id order (not the values' order: 'Shop three' < 'Shop two').
    expect(await rrns({ ...only('rrn', 'STARTS_WITH', 'R'), offset: 2, limit: 2 })).toEqual(['R3', 'R4']);
    expect(await rrns({ ...only('merchant', 'STARTS_WITH', 'Shop t'), offset: 1, limit: 1 })).toEqual(['R3']);
    expect(await rrns(only('merchant', 'ENDS_WITH', 'two'))).toEqual(['R2']);
    expect(await rrns(only('merchant', 'STARTS_WITH', 'Shop t'))).toEqual(['R2', 'R3']);
    // A LIKE wildcard in the value is a plain character.
    expect(await rrns(only('merchant', 'STARTS_WITH', 'Shop%'))).toEqual([]);
    expect(await rrns({ filters: [{ fieldName: 'amount', type: 'GREATER_THAN', value: '1000' }] })).toEqual([
      'R4',
      'R5',
    ]);
    expect(
      await rrns({ filters: [{ fieldName: 'amount', type: 'BETWEEN', value: '1000', value2: '1050' }] }),
    ).toEqual(['R1', 'R2', 'R3', 'R5']);
    expect(
      await rrns({
        filters: [
          {
            fieldName: 'transactionDate',
            type: 'BETWEEN',
            value: '2026-03-01T11:00:00Z',
            value2: '2026-03-01T12:00:00Z',
          },
        ],
      }),
    ).toEqual(['R4']);
    const first = await keyOf('R1');
    expect(await rrns({ filters: [{ fieldName: 'id', type: 'EXACTLY', value: first.id }] })).toEqual(['R1']);
    expect(await rrns({ filters: [{ fieldName: 'score', type: 'LESS_THAN', value: '100' }] })).toEqual([
      'R2',
      'R3',
      'R5',
    ]);
    // One field's total is counted from its values, several fields' from the transactions.
    const oneField = await results(only('merchant', 'STARTS_WITH', 'Shop t'));
    expect(oneField.paginationInfo.totalRecords).toBe(2);
    const twoFields = await results({
      filters: [
        { fieldName: 'merchant', type: 'STARTS_WITH', value: 'Shop t' },
        { fieldName: 'amount', type: 'BETWEEN', value: '1000', value2: '1040' },
      ],
    });
    expect(twoFields.paginationInfo.totalRecords).toBe(twoFields.transactions.length);
  });

  it('refuses a filter the process cannot answer with a 400 naming it', async () => {
    const expectRefused = async (search: string, message: string) => {
      const response = await call('GET', `/api/recon/processes/${CARD}/transactions?${search}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorMessage: message });
    };
    await expectRefused('f.colour.EXACTLY=red', RESULTS_MESSAGES.unknownField('colour'));
    await expectRefused('f.amount.STARTS_WITH=1', RESULTS_MESSAGES.filterType('amount', 'STARTS_WITH'));
    await expectRefused('f.amount.EXACTLY=ten', RESULTS_MESSAGES.badNumber('amount'));
    await expectRefused(
      'f.transactionDate.GREATER_THAN=yesterday',
      RESULTS_MESSAGES.badInstant('transactionDate'),
    );
    await expectRefused(
      'f.transactionDate.GREATER_THAN=2024-02-30T00:00:00Z',
      RESULTS_MESSAGES.refusedInstant('transactionDate', IMPOSSIBLE_DATE_MESSAGE),
    );
    await expectRefused(
      'f.createdDateTime.BETWEEN=0000-01-01T00:00:00Z&f.createdDateTime.BETWEEN=0000-01-01T00:00:00Z',
      RESULTS_MESSAGES.refusedInstant('createdDateTime', INSTANT_RANGE_MESSAGE),
    );
    // In range in UTC, but the year 0 as written: PostgreSQL would read the text and fail.
    await expectRefused(
      'f.transactionDate.LESS_THAN=0000-12-31T23:30:00-01:00',
      RESULTS_MESSAGES.refusedInstant('transactionDate', INSTANT_RANGE_MESSAGE),
    );
    await expectRefused('sortBy=colour.asc', RESULTS_MESSAGES.unknownField('colour'));
    const malformed = await call('GET', `/api/recon/processes/${CARD}/transactions?f.amount.BETWEEN=1`);
    expect(malformed.statusCode).toBe(400);
  });

  it('sorts on several fields at once, in priority order', async () => {
    expect(
      await rrns({
        sortBy: [
          { fieldName: 'amount', direction: 'desc' },
          { fieldName: 'rrn', direction: 'desc' },
        ],
      }),
    ).toEqual(['R4', 'R5', 'R3', 'R2', 'R1']);
    expect(await rrns('sortBy=settlementStatus.asc,score.desc,rrn.asc')).toEqual([
      'R2',
      'R3',
      'R5',
      'R1',
      'R4',
    ]);
  });

  it('downloads every transaction of the query as CSV, parties side by side, formulas inert', async () => {
    const response = await call(
      'GET',
      `/api/recon/processes/${CARD}/transactions/download?sortBy=amount.desc&limit=1`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="card-acquiring-transactions.csv"; filename*=UTF-8''card-acquiring-transactions.csv`,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,createdDateTime,matchStatus,settlementStatus,score,' +
        'Switch rrn,Switch amount (minor units),Switch currency,Switch transactionDate,Switch merchant,' +
        'Acquiring bank rrn,Acquiring bank amount (minor units),Acquiring bank currency,Acquiring bank transactionDate,Acquiring bank merchant,' +
        'Card network rrn,Card network amount (minor units),Card network currency,Card network transactionDate,Card network merchant',
    );
    expect(lines).toHaveLength(6);
    const r4 = lines[1]?.split(',').slice(2) ?? [];
    expect(r4.slice(0, 3)).toEqual(['MATCHED', 'PENDING', '100']);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain(",'@bank,");
    // R5: the acquirer has no record, so its cells are empty.
    expect(lines[2]).toContain(`"'+27, -5",,,,,,R5,1050`);
    const refused = await call('GET', `/api/recon/processes/${CARD}/transactions/download?f.nope.EXACTLY=1`);
    expect(refused.statusCode).toBe(400);
  });

  it('streams a download longer than one cursor batch, every row once, in the query order', async () => {
    const WALLET = 3;
    await sql`insert into recon_transactions (process_id, match_key, created_at, match_status, settlement_status, score)
      select ${WALLET}, '["W' || lpad(g::text, 5, '0') || '"]', now(), 'MATCHED', 'PENDING', 100
      from generate_series(1, 2500) g`.execute(database.db);
    const response = await call('GET', `/api/recon/processes/${WALLET}/transactions/download?sortBy=id.desc`);
    expect(response.statusCode).toBe(200);
    const lines = response.body.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(2500);
    const ids = lines.map((line) => Number(line.split(',')[0]));
    expect(new Set(ids).size).toBe(2500);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('writes each cell as the contract’s csvCell does, times to the millisecond in UTC', async () => {
    const WALLET = 3;
    // The parse trims a cell, so the two leading blanks are written into the records afterwards.
    const blanks: Record<string, string> = { Tab: '\tTab', Return: '\rReturn' };
    const ids = [
      'Tab',
      'Return',
      'line\nbreak',
      'say "hi"',
      '-1',
      '-2.50',
      '-1+1',
      "'kept",
      '=1+1',
      'plain é',
    ];
    const status = await service.loadFeedFile({
      processId: WALLET,
      fileName: 'wallet-ledger-20260302.csv',
      content: Buffer.from(
        ['entry_id,amount,posted_at', ...ids.map((id) => `"${id.replaceAll('"', '""')}",777,${AT}`)].join(
          '\n',
        ),
      ),
      arrivedAt: app.clock.now(),
    });
    expect(status).toBe('SUCCESS');
    for (const [id, value] of Object.entries(blanks)) {
      await sql`update recon_records set fields = fields || jsonb_build_object('entryId', ${value}::text)
        where process_id = ${WALLET} and fields ->> 'entryId' = ${id}`.execute(database.db);
    }
    await sql`update recon_transactions set created_at = '2026-03-02T10:00:00.123987Z'
      where process_id = ${WALLET} and match_key not like '["W%'`.execute(database.db);
    const response = await call(
      'GET',
      `/api/recon/processes/${WALLET}/transactions/download?f.amount.EXACTLY=777`,
    );
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.replace(/^\d+,/, ''));
    expect(lines.sort()).toEqual(
      ids
        .map((id) => `2026-03-02T10:00:00.123Z,MATCHED,PENDING,100,${csvCell(blanks[id] ?? id)},777,${AT}`)
        .sort(),
    );
    expect(lines).toContain(`2026-03-02T10:00:00.123Z,MATCHED,PENDING,100,"'\rReturn",777,${AT}`);
    // A negative number stays a number; a formula that starts like one does not.
    expect(lines).toContain(`2026-03-02T10:00:00.123Z,MATCHED,PENDING,100,-2.50,777,${AT}`);
    expect(lines).toContain(`2026-03-02T10:00:00.123Z,MATCHED,PENDING,100,'-1+1,777,${AT}`);
  });

  it('reads a page filtered or sorted on a field from that field type’s own index', async () => {
    const card = {
      processId: CARD,
      fields: [
        { name: 'rrn', type: 'TEXT' as const },
        { name: 'amount', type: 'INTEGRAL' as const },
        { name: 'transactionDate', type: 'DATETIME' as const },
      ],
    };
    const text = ['recon_values_text_idx', 'recon_values_suffix_idx'];
    const cases: Array<[Partial<ReconQuery>, string[]]> = [
      [{ sortBy: [{ fieldName: 'amount', direction: 'desc' }] }, ['recon_values_number_idx']],
      [{ sortBy: [{ fieldName: 'transactionDate', direction: 'asc' }] }, ['recon_values_time_idx']],
      [{ matchStatus: 'MATCHED', filters: [{ fieldName: 'rrn', type: 'STARTS_WITH', value: 'R' }] }, text],
      [{ matchStatus: 'MATCHED', filters: [{ fieldName: 'rrn', type: 'ENDS_WITH', value: '4' }] }, text],
      [
        { matchStatus: 'MATCHED', filters: [{ fieldName: 'amount', type: 'GREATER_THAN', value: '1' }] },
        ['recon_values_number_idx'],
      ],
    ];
    for (const [query, indexes] of cases) {
      const plan = await database.db.transaction().execute(async (tx) => {
        // On tables this small the planner rightly scans; what matters is that the index can serve.
        for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) {
          await sql`select set_config(${setting}, 'off', true)`.execute(tx);
        }
        const ids = pageIdsSql(card, { filters: [], sortBy: [], ...query }, { offset: 0, limit: 25 }).compile(
          tx,
        );
        const explained = await tx.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
          CompiledQuery.raw(`explain (format json) ${ids.sql}`, [...ids.parameters]),
        );
        return explained.rows[0]?.['QUERY PLAN'][0]?.Plan;
      });
      expect(
        findPlanNode(plan, (node) => indexes.includes(node['Index Name'] ?? '')),
        JSON.stringify(query),
      ).toBeDefined();
    }
  });

  it('enforces who may read and request', async () => {
    expect(
      (await call('GET', `/api/recon/processes/${CARD}/transactions`, undefined, tokens.nobody)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/recon/processes/${CARD}/transactions/download`, undefined, tokens.nobody))
        .statusCode,
    ).toBe(403);
    const viewerRequest = await call(
      'POST',
      `/api/recon/processes/${CARD}/actions/acceptTransactionsByKey`,
      { comment: 'x', transactionKeys: [await keyOf('R3')] },
      tokens.viewer,
    );
    expect(viewerRequest.statusCode).toBe(403);
    expect((await call('GET', '/api/recon/processes/99/transactions')).statusCode).toBe(404);
  });

  it('allows only the actions the status allows, by key', async () => {
    const byKey = (path: string, rrn: string, extra: object = {}) =>
      keyOf(rrn).then((key) =>
        call('POST', `/api/recon/processes/${CARD}/actions/${path}`, {
          comment: 'Fix',
          transactionKeys: [key],
          ...extra,
        }),
      );
    const matched = await byKey('acceptTransactionsByKey', 'R1');
    expect(matched.statusCode).toBe(409);
    expect(matched.json()).toMatchObject({ errorMessage: FINANCE_MESSAGES.notAllowed('accept', 1) });
    expect((await byKey('resolveTransactionsByKey', 'R3', { partyId: 1 })).statusCode).toBe(409);
    expect((await byKey('resolveTransactionsByKey', 'R2', { partyId: 9 })).statusCode).toBe(400);
    const wrongDate = await call('POST', `/api/recon/processes/${CARD}/actions/rejectTransactionsByKey`, {
      comment: 'Fix',
      transactionKeys: [{ ...(await keyOf('R1')), createdDateTime: '2020-01-01T00:00:00.000Z' }],
    });
    expect(wrongDate.statusCode).toBe(404);
    // Nothing of the refused requests is left waiting.
    const pending = await call('GET', '/api/recon/actions?processIds=1');
    expect(pending.json()).toMatchObject({ paginationInfo: { totalRecords: 0 } });
  });

  it('accepts and resolves through approval, changing statuses, values and pills', async () => {
    const exceptions = async () => {
      const list = processesResponseSchema.parse((await call('GET', '/api/recon/processes')).json());
      return list.processes.find((process) => process.id === CARD)?.reconExceptions;
    };
    expect(await exceptions()).toBe(3);
    const accepted = await call('POST', `/api/recon/processes/${CARD}/actions/acceptTransactionsByKey`, {
      // A card number read out on the phone, written into the comment: it is stored masked.
      comment: 'Network file late, card 4111 1111 1111 1111',
      transactionKeys: [await keyOf('R3')],
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const acceptAction = transactionActionResponseSchema.parse(accepted.json());
    expect(acceptAction.transactionCount).toBe(1);
    const meta = actionMetadataResponseSchema.parse(
      (await call('GET', `/api/recon/processes/${CARD}/actions/${acceptAction.actionId}/metadata`)).json(),
    );
    expect(meta).toMatchObject({
      selectionType: 'BY_KEY',
      transactionCount: 1,
      requestUrl: `/api/recon/processes/${CARD}/actions/acceptTransactionsByKey`,
      action: {
        type: 'ACCEPT_TRANSACTIONS',
        comment: 'Network file late, card 411111******1111',
        meta: { partyName: null },
      },
      file: null,
      review: { status: 'pending', reviewerUsername: null, reviewedDate: null },
    });
    // Four eyes: the requester may not approve.
    const own = await call('POST', `/api/recon/actions/${acceptAction.actionId}/approve`, { comment: 'Me' });
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json()).toMatchObject({ errorMessage: APPROVAL_MESSAGES.ownChanges });
    expect(await statusOf('R3')).toBe('UNMATCHED/ISSUE/0');
    expect((await approve(acceptAction.actionId)).statusCode).toBe(204);
    expect(await statusOf('R3')).toBe('MATCHED/PENDING/100');
    // Its detail says it was approved, by whom and when: nothing is left to review.
    const approvedMeta = actionMetadataResponseSchema.parse(
      (await call('GET', `/api/recon/processes/${CARD}/actions/${acceptAction.actionId}/metadata`)).json(),
    );
    expect(approvedMeta.review).toEqual({
      status: 'approved',
      reviewerUsername: usernames.approver,
      reviewedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
    });
    expect(await exceptions()).toBe(2);

    const resolved = await call('POST', `/api/recon/processes/${CARD}/actions/resolveTransactionsByKey`, {
      comment: 'The bank is right',
      partyId: 2,
      transactionKeys: [await keyOf('R2')],
    });
    expect(resolved.statusCode, resolved.body).toBe(201);
    const resolveId = transactionActionResponseSchema.parse(resolved.json()).actionId;
    const party = await database.db
      .selectFrom('recon_parties')
      .select('name')
      .where('process_id', '=', CARD)
      .where('party_id', '=', 2)
      .executeTakeFirstOrThrow();
    const resolveMeta = actionMetadataResponseSchema.parse(
      (await call('GET', `/api/recon/processes/${CARD}/actions/${resolveId}/metadata`)).json(),
    );
    expect(resolveMeta.action.meta.partyName, 'the approver sees the party marked correct').toBe(party.name);
    const pending = actionsResponseSchema.parse(
      (await call('GET', `/api/recon/actions?processIds=${CARD}&status=pending`)).json(),
    );
    expect(pending.actions.find((each) => each.id === resolveId)?.meta.partyName, 'and the list').toBe(
      party.name,
    );
    const before = await results({ filters: [{ fieldName: 'rrn', type: 'EXACTLY', value: 'R2' }] });
    expect(before.transactions[0]?.correctPartyId, 'no party is marked correct yet').toBeNull();
    expect((await approve(resolveId)).statusCode).toBe(204);
    expect(await statusOf('R2')).toBe('MATCHED/PENDING/100');
    // The grid names the party marked correct, so it can show which value settles.
    const after = await results({ filters: [{ fieldName: 'rrn', type: 'EXACTLY', value: 'R2' }] });
    expect(after.transactions[0]?.correctPartyId).toBe(2);
    // The named party's record now gives the transaction's values.
    expect(await rrns({ filters: [{ fieldName: 'amount', type: 'EXACTLY', value: '1100' }] })).toEqual([
      'R2',
    ]);
    expect(await exceptions()).toBe(1);
    // A status's total is kept by triggers (migration 0017): it follows the approved changes.
    expect(await rrns({ settlementStatus: 'ISSUE' })).toEqual(['R5']);
    for (const query of [
      {},
      { matchStatus: 'MATCHED' },
      { matchStatus: 'UNMATCHED' },
      { matchStatus: 'PARTIALLY_MATCHED' },
      { settlementStatus: 'PENDING' },
      { settlementStatus: 'ISSUE' },
      { matchStatus: 'MATCHED', settlementStatus: 'PENDING' },
    ] as const) {
      const page = await results(query);
      expect(page.paginationInfo.totalRecords, JSON.stringify(query)).toBe(page.transactions.length);
    }
    const audits = await database.db
      .selectFrom('recon_audits')
      .select(['type', 'status'])
      .where('type', 'in', ['ACCEPT_TRANSACTIONS', 'RESOLVE_TRANSACTIONS'])
      .orderBy('audit_id')
      .execute();
    expect(audits.map((row) => `${row.type}/${row.status}`)).toEqual([
      'ACCEPT_TRANSACTIONS/REGISTERED',
      'ACCEPT_TRANSACTIONS/SUCCESS',
      'RESOLVE_TRANSACTIONS/REGISTERED',
      'RESOLVE_TRANSACTIONS/SUCCESS',
    ]);
  });

  it('fixes a by-filter set when requested, so the approver approves exactly that set', async () => {
    const search = encodeReconQuery({ settlementStatus: 'ISSUE' }).toString();
    const requested = await call(
      'POST',
      `/api/recon/processes/${CARD}/actions/rejectTransactionsByFilter?${search}`,
      { comment: 'Not ours' },
    );
    expect(requested.statusCode, requested.body).toBe(201);
    const action = transactionActionResponseSchema.parse(requested.json());
    expect(action.transactionCount).toBe(1);
    // A new exception arrives after the request: it is not part of the action.
    await feed('card-switch-20260302.csv', [CARD_HEADER, `R6,700,USD,${AT},Late`]);
    expect(await rrns({ settlementStatus: 'ISSUE' })).toEqual(['R5', 'R6']);
    const meta = actionMetadataResponseSchema.parse(
      (await call('GET', `/api/recon/processes/${CARD}/actions/${action.actionId}/metadata`)).json(),
    );
    expect(meta).toMatchObject({
      selectionType: 'BY_FILTER',
      transactionCount: 1,
      requestUrl: `/api/recon/processes/${CARD}/actions/rejectTransactionsByFilter?settlementStatus=ISSUE`,
    });
    const set = reconResultsResponseSchema.parse(
      (await call('GET', `/api/recon/processes/${CARD}/actions/${action.actionId}/transactions`)).json(),
    );
    expect(set.transactions.map((item) => item.records[0]?.fields.rrn)).toEqual(['R5']);
    expect((await approve(action.actionId)).statusCode).toBe(204);
    expect(await statusOf('R5')).toBe('REJECTED/ISSUE/0');
    expect(await statusOf('R6')).toBe('UNMATCHED/ISSUE/0');

    const none = await call(
      'POST',
      `/api/recon/processes/${CARD}/actions/resolveTransactionsByFilter?matchStatus=REJECTED`,
      { comment: 'x', partyId: 1 },
    );
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ errorMessage: FINANCE_MESSAGES.noneAllowed('resolve') });
  });

  it('keeps one pending action per transaction, so two opposite decisions cannot both be approved', async () => {
    const key = await keyOf('R6');
    const byKey = (path: string) =>
      call('POST', `/api/recon/processes/${CARD}/actions/${path}`, { comment: path, transactionKeys: [key] });
    const accept = await byKey('acceptTransactionsByKey');
    expect(accept.statusCode, accept.body).toBe(201);
    const reject = await byKey('rejectTransactionsByKey');
    expect(reject.statusCode).toBe(409);
    expect(reject.json()).toMatchObject({
      errorMessage: FINANCE_MESSAGES.pendingAction(1),
      details: { transactionIds: [key.id] },
    });
    // By filter, a transaction already waiting is left out; here that leaves none.
    const byFilter = await call(
      'POST',
      `/api/recon/processes/${CARD}/actions/rejectTransactionsByFilter?settlementStatus=ISSUE`,
      { comment: 'Not ours' },
    );
    expect(byFilter.statusCode).toBe(409);
    expect(byFilter.json()).toMatchObject({ errorMessage: FINANCE_MESSAGES.allPending('reject') });
    const pending = await call('GET', '/api/recon/actions?processIds=1');
    expect(pending.json()).toMatchObject({ paginationInfo: { totalRecords: 1 } });

    expect((await approve(transactionActionResponseSchema.parse(accept.json()).actionId)).statusCode).toBe(
      204,
    );
    expect(await statusOf('R6')).toBe('MATCHED/PENDING/100');
    // Once decided, the transaction may be asked about again.
    const later = await byKey('rejectTransactionsByKey');
    expect(later.statusCode, later.body).toBe(201);
    const rejected = await call(
      'POST',
      `/api/recon/actions/${transactionActionResponseSchema.parse(later.json()).actionId}/reject`,
      { comment: 'Keep it accepted' },
      tokens.approver,
    );
    expect(rejected.statusCode).toBe(204);
  });

  it('refuses to approve a set that another action changed since the request; the action stays pending', async () => {
    const { reject: rejectR7, acceptBoth } = await overlappingActions('20260303', 'R7', 'R8');
    expect((await approve(acceptBoth)).statusCode).toBe(204);
    expect(await statusOf('R7')).toBe('MATCHED/PENDING/100');

    // A matched transaction may be rejected, but this approver would be deciding on the unmatched one.
    const stale = await approve(rejectR7);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errorMessage: FINANCE_MESSAGES.setChanged });
    expect(await statusOf('R7')).toBe('MATCHED/PENDING/100');
    const rejectStale = await call(
      'POST',
      `/api/recon/actions/${rejectR7}/reject`,
      { comment: 'Stale' },
      tokens.approver,
    );
    expect(rejectStale.statusCode).toBe(204);
  });

  // PGlite has one connection: nothing there waits on another's lock.
  it.runIf(kind === 'postgres')(
    'refuses an approval that waited on the lock of another approval of an overlapping set, once that one is made',
    async () => {
      const { reject, acceptBoth, firstId } = await overlappingActions('20260304', 'R9', 'R10');
      let approval: ReturnType<typeof approve> | undefined;
      // The accept's approval, made by hand in a transaction of its own: R9 locked and changed,
      // the action approved; it commits only once the reject's approval waits for that lock.
      await database.db.transaction().execute(async (trx) => {
        await sql`select 1 from recon_transactions where transaction_id = ${firstId} for update`.execute(trx);
        await trx
          .updateTable('recon_transactions')
          .set({ match_status: 'MATCHED', settlement_status: 'PENDING', score: 100, decision: 'ACCEPTED' })
          .where('transaction_id', '=', firstId)
          .execute();
        await trx
          .updateTable('recon_actions')
          .set({ status: 'SUCCESS', reviewed_at: app.clock.now() })
          .where('action_id', '=', acceptBoth)
          .execute();
        approval = approve(reject);
        await expect
          .poll(
            async () =>
              Number(
                (
                  await sql<{ waiting: string }>`select count(*) as waiting from pg_stat_activity
                    where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db)
                ).rows[0]?.waiting,
              ),
            { timeout: 10_000 },
          )
          .toBe(1);
      });
      const refused = await approval;
      expect(refused?.statusCode, refused?.body).toBe(409);
      expect(refused?.json()).toMatchObject({ errorMessage: FINANCE_MESSAGES.setChanged });
      expect(await statusOf('R9'), 'the reject changed nothing').toBe('MATCHED/PENDING/100');
    },
  );
});
