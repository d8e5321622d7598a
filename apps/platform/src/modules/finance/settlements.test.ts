import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconResultsResponseSchema } from '@web-control/contract/finance-results';
import { FILE_NAME_MESSAGE } from '@web-control/contract/inputs';
import {
  extractsResponseSchema,
  settlementDetailSchema,
  settlementsResponseSchema,
  settlementWaitingSchema,
} from '@web-control/contract/finance-settlements';
import type { Permission } from '@web-control/contract/permissions';
import type { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { DAY_MS } from '../../time.ts';
import { FINANCE_MESSAGES } from './messages.ts';
import { createFinanceService, type FinanceService } from './service.ts';
import { RECON_SUMMARY_JOB, SETTLEMENT_JOB, SETTLEMENT_MESSAGES } from './settlements-service.ts';

const CARD = 1;
const CARD_HEADER = 'rrn,amount,currency,transaction_date,merchant';
const NETWORK_HEADER = 'retrieval_reference,amount_minor,currency_code,timestamp,merchant_name';
const AT = '2026-03-02T07:00:00Z';

describe.each(TEST_DATABASE_KINDS)('settlements and the outbox on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let service: FinanceService;
  const tokens: Record<'finaliser' | 'viewer' | 'reader' | 'inboxReader' | 'nobody', string> = {
    finaliser: '',
    viewer: '',
    reader: '',
    inboxReader: '',
    nobody: '',
  };

  const credentials: Array<[keyof typeof tokens, string, string]> = [];

  async function user(name: keyof typeof tokens, permissions: Permission[]) {
    const created = await createTestUser(database, permissions);
    credentials.push([name, created.username, created.password]);
    tokens[name] = (await login(app, created.username, created.password)).access_token;
  }

  /** After the clock has moved past the access tokens' lifetime. */
  async function signInAgain() {
    for (const [name, username, password] of credentials) {
      tokens[name] = (await login(app, username, password)).access_token;
    }
  }

  function call(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
    return app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { authorization: `Bearer ${token}` },
    });
  }

  async function feed(
    day: string,
    rows: Array<[string, number, string]>,
    options: { skipNetwork?: string } = {},
  ) {
    // Each party names the merchant its own way, so no two files have the same bytes.
    const line =
      (merchant: string) =>
      ([rrn, amount, currency]: [string, number, string]) =>
        `${rrn},${amount},${currency},${AT},${merchant}`;
    for (const [fileName, header] of [
      [`card-switch-${day}.csv`, CARD_HEADER],
      [`card-acquirer-${day}.csv`, CARD_HEADER],
      [`card-network-${day}.csv`, NETWORK_HEADER],
    ] as const) {
      const own = rows.filter(
        (row) => !(fileName.startsWith('card-network') && row[0] === options.skipNetwork),
      );
      await service.loadFeedFile({
        processId: CARD,
        fileName,
        content: Buffer.from([header, ...own.map(line(fileName.split('-')[1] ?? ''))].join('\n')),
        arrivedAt: app.clock.now(),
      });
    }
  }

  async function runs(query = `processId=${CARD}`) {
    const response = await call('GET', `/api/recon/settlements?${query}`, tokens.viewer);
    expect(response.statusCode, response.body).toBe(200);
    return settlementsResponseSchema.parse(response.json());
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
    await user('finaliser', ['RECON_SETTLEMENT', 'FINALISE_SETTLEMENTS', 'VIEW_PROCESSES']);
    await user('viewer', ['RECON_SETTLEMENT', 'VIEW_PROCESSES']);
    await user('reader', ['VIEW_PROCESSES']);
    await user('inboxReader', ['VIEW_PROCESSES', 'DOWNLOAD_INBOX_FILES']);
    await user('nobody', []);
    await feed(
      '20260302',
      [
        ['M1', 1000, 'USD'],
        ['M2', 2500, 'USD'],
        ['M3', 500, 'EUR'],
        ['U1', 700, 'USD'],
      ],
      { skipNetwork: 'U1' },
    );
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('keeps one OPEN run per process and day holding the matched PENDING transactions', async () => {
    expect(await app.services.financeJobs.run(SETTLEMENT_JOB)).toBe('SUCCESS');
    expect(await app.services.financeJobs.run(SETTLEMENT_JOB)).toBe('SUCCESS');
    const list = await runs();
    expect(list.settlementRuns).toEqual([
      {
        id: expect.any(Number) as number,
        processId: CARD,
        status: 'OPEN',
        startDate: '2026-03-02T08:00:00.000Z',
        endDate: null,
        transactionCount: 3,
      },
    ]);
    // One run per process.
    expect((await runs('')).paginationInfo.totalRecords).toBe(3);
    const open = await call(
      'GET',
      `/api/recon/settlements/${list.settlementRuns[0]?.id}/report`,
      tokens.viewer,
    );
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({ errorMessage: SETTLEMENT_MESSAGES.notClosed });
  });

  it('filters runs by an inclusive start date range and pages them', async () => {
    expect(
      (await runs(`processId=${CARD}&fromDateTimeInclusive=2026-03-02T08:00:00Z`)).settlementRuns,
    ).toHaveLength(1);
    expect(
      (await runs(`processId=${CARD}&toDateTimeInclusive=2026-03-02T08:00:00Z`)).settlementRuns,
    ).toHaveLength(1);
    expect(
      (await runs(`processId=${CARD}&toDateTimeInclusive=2026-03-02T07:59:59.999Z`)).settlementRuns,
    ).toHaveLength(0);
    expect((await runs('limit=2')).paginationInfo).toEqual({ nextPage: 2, range: '1-2', totalRecords: 3 });
  });

  it('enforces RECON_SETTLEMENT to read and FINALISE_SETTLEMENTS to close', async () => {
    const [run] = (await runs()).settlementRuns;
    expect((await call('GET', '/api/recon/settlements', tokens.reader)).statusCode).toBe(403);
    expect((await call('GET', `/api/recon/settlements/${run?.id}`, tokens.nobody)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/recon/settlements/${run?.id}/close`, tokens.viewer, {})).statusCode,
    ).toBe(403);
    expect((await call('POST', '/api/recon/settlements/9999/close', tokens.finaliser, {})).statusCode).toBe(
      404,
    );
  });

  it('closes a run once with the matched transactions the job has not added yet: aggregates equal its transactions, SETTLED, report, extract and audit', async () => {
    const [run] = (await runs()).settlementRuns;
    // Matched since the settlement job last ran: it settles with this run, not tomorrow's.
    await feed('20260301', [['M4', 400, 'USD']]);
    const closed = await call('POST', `/api/recon/settlements/${run?.id}/close`, tokens.finaliser, {
      comment: 'End of day',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const detail = settlementDetailSchema.parse(closed.json());
    expect(detail.settlementRun).toMatchObject({ status: 'CLOSED', endDate: '2026-03-02T08:00:00.000Z' });
    expect(detail.aggregates).toEqual([
      { name: 'Total', currency: 'EUR', amount: 5, transactionCount: 1 },
      { name: 'Total', currency: 'USD', amount: 39, transactionCount: 3 },
      { name: 'Switch', currency: 'EUR', amount: 5, transactionCount: 1 },
      { name: 'Switch', currency: 'USD', amount: 39, transactionCount: 3 },
      { name: 'Acquiring bank', currency: 'EUR', amount: 5, transactionCount: 1 },
      { name: 'Acquiring bank', currency: 'USD', amount: 39, transactionCount: 3 },
      { name: 'Card network', currency: 'EUR', amount: 5, transactionCount: 1 },
      { name: 'Card network', currency: 'USD', amount: 39, transactionCount: 3 },
    ]);
    // The totals are the sum of the settled transactions' amounts.
    const settled = reconResultsResponseSchema.parse(
      (
        await call('GET', `/api/recon/processes/${CARD}/transactions?settlementStatus=SETTLED`, tokens.viewer)
      ).json(),
    );
    const sums: Record<string, number> = {};
    for (const transaction of settled.transactions) {
      const fields = transaction.records[0]?.fields ?? {};
      sums[fields.currency ?? ''] = (sums[fields.currency ?? ''] ?? 0) + Number(fields.amount) / 100;
    }
    expect(sums).toEqual({ USD: 39, EUR: 5 });

    const again = await call('POST', `/api/recon/settlements/${run?.id}/close`, tokens.finaliser, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorMessage: SETTLEMENT_MESSAGES.alreadyClosed });
    const audits = await database.db
      .selectFrom('audit_log')
      .select(['outcome', 'detail'])
      .where('action', '=', 'settlement.close')
      .orderBy('id')
      .execute();
    // The first is the refused close of a run that does not exist (the permissions test).
    expect(audits.map((row) => [row.outcome, row.detail.runId])).toEqual([
      ['refused', 9999],
      ['success', run?.id],
      ['refused', run?.id],
    ]);

    const report = await call('GET', `/api/recon/settlements/${run?.id}/report`, tokens.viewer);
    expect(report.statusCode).toBe(200);
    const lines = report.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('record,name,currency,amount,transactions,transactionId,reference');
    expect(lines[1]).toBe('TOTAL,Total,EUR,5.00,1,,');
    expect(lines.filter((line) => line.startsWith('TRANSACTION,'))).toHaveLength(4);

    const extracts = extractsResponseSchema.parse(
      (
        await call('GET', `/api/recon/extracts?tag=kind:settlement-report&processId=${CARD}`, tokens.reader)
      ).json(),
    );
    expect(extracts.extracts).toEqual([
      {
        path: expect.stringMatching(/^extracts\/\d+$/) as string,
        fileName: `settlement-card-acquiring-2026-03-02-run-${run?.id}.csv`,
        createdDate: '2026-03-02T08:00:00.000Z',
        tags: {
          Kind: ['settlement-report'],
          Process: ['card-acquiring'],
          'Settlement run': [String(run?.id)],
          'Business date': ['2026-03-02'],
          Currency: ['EUR', 'USD'],
          Party: ['Acquiring bank', 'Card network', 'Switch'],
        },
      },
    ]);
    expect(
      Object.keys(extracts.extracts[0]?.tags ?? {}),
      'in the tags’ own order: the screen’s columns (the first row’s) and the export’s',
    ).toEqual(['Kind', 'Process', 'Party', 'Currency', 'Settlement run', 'Business date']);
  });

  it('lets only one of two racing closes through', async () => {
    app.clock.advance(DAY_MS);
    await signInAgain();
    await feed('20260303', [['N1', 900, 'USD']]);
    expect(await app.services.financeJobs.run(SETTLEMENT_JOB)).toBe('SUCCESS');
    const open = (await runs()).settlementRuns.find((run) => run.status === 'OPEN');
    expect(open?.transactionCount).toBe(1);
    const finaliser = tokens.finaliser;
    const results = await Promise.all(
      [1, 2].map(() => call('POST', `/api/recon/settlements/${open?.id}/close`, finaliser, {})),
    );
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const aggregates = await database.db
      .selectFrom('recon_settlement_aggregates')
      .select('name')
      .where('run_id', '=', open?.id ?? 0)
      .execute();
    expect(aggregates).toHaveLength(4);
    const extracts = await database.db
      .selectFrom('recon_extracts')
      .select('extract_id')
      .where('dedupe_key', '=', `settlement-report:${open?.id}`)
      .execute();
    expect(extracts).toHaveLength(1);
  });

  it('collects exception extracts and daily recon summaries, filtered by tag and date', async () => {
    await service.loadFeedFile({
      processId: CARD,
      fileName: 'card-switch-20260304.csv',
      content: Buffer.from([CARD_HEADER, `B1,ten,USD,${AT},Shop`].join('\n')),
      arrivedAt: app.clock.now(),
    });
    expect(await app.services.financeJobs.run(RECON_SUMMARY_JOB)).toBe('SUCCESS');
    const list = async (query: string) =>
      extractsResponseSchema.parse((await call('GET', `/api/recon/extracts?${query}`, tokens.reader)).json());
    const exceptions = await list('tag=kind:exceptions');
    expect(exceptions.extracts.map((item) => [item.fileName, item.tags.Party])).toEqual([
      ['card-switch-20260304.csv.exceptions.csv', ['Switch']],
    ]);
    const summaries = await list('tag=kind:recon-summary&tag=date:2026-03-02');
    expect(summaries.extracts.map((item) => item.fileName)).toEqual([
      'recon-summary-wallet-ledger-2026-03-02.csv',
      'recon-summary-eft-2026-03-02.csv',
      'recon-summary-card-acquiring-2026-03-02.csv',
    ]);
    // Two values of one tag are alternatives.
    expect((await list('tag=kind:recon-summary&tag=kind:exceptions')).paginationInfo.totalRecords).toBe(4);
    expect((await list('fromDateTimeInclusive=2026-03-03T08:00:00Z')).paginationInfo.totalRecords).toBe(5);
    expect((await list('toDateTimeInclusive=2026-03-02T08:00:00Z')).paginationInfo.totalRecords).toBe(1);
    const names = await call('GET', '/api/recon/extracts/tags', tokens.reader);
    expect(names.json()).toMatchObject({
      extractTagNames: expect.arrayContaining([{ id: 'kind', name: 'Kind' }]) as unknown,
    });
    const currencies = await call('GET', '/api/recon/extracts/tags/currency', tokens.reader);
    expect(currencies.json()).toEqual({ extractTagValues: [{ value: 'EUR' }, { value: 'USD' }] });
    expect((await call('GET', '/api/recon/extracts/tags/colour', tokens.reader)).statusCode).toBe(400);
    expect((await call('GET', '/api/recon/extracts', tokens.nobody)).statusCode).toBe(403);
  });

  it('refuses a download name that could break the header or name a path, without spending the token', async () => {
    const [extract] = extractsResponseSchema.parse(
      (await call('GET', '/api/recon/extracts?tag=kind:exceptions', tokens.reader)).json(),
    ).extracts;
    const path = extract?.path ?? '';
    const token = (
      await call('GET', `/api/recon/files/token?fileIdentifier=${path}`, tokens.inboxReader)
    ).json<{
      token: string;
    }>().token;
    const download = (filename: string) =>
      app.inject({
        method: 'GET',
        url: `/api/recon/extracts/download?${new URLSearchParams({ path, filename, access_token: token }).toString()}`,
      });
    for (const filename of [
      'a\r\nSet-Cookie: x=1.csv',
      'a\nb.csv',
      '../../etc/passwd',
      'a/b.csv',
      'a\\b.csv',
      '..',
      'x'.repeat(256),
    ]) {
      const refused = await download(filename);
      expect(refused.statusCode, filename).toBe(400);
      expect(refused.json(), filename).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'filename', message: FILE_NAME_MESSAGE }],
      });
    }
    // The token was not spent: a name outside ASCII is sent as RFC 5987 UTF-8 beside an ASCII fallback.
    const euro = await download('€ "report" (1).csv');
    expect(euro.statusCode, euro.body).toBe(200);
    expect(euro.headers['content-disposition']).toBe(
      `attachment; filename="_ _report_ (1).csv"; filename*=UTF-8''%E2%82%AC%20%22report%22%20%281%29.csv`,
    );
  });

  it('downloads an extract once with a token from the files API', async () => {
    const [extract] = extractsResponseSchema.parse(
      (await call('GET', '/api/recon/extracts?tag=kind:exceptions', tokens.reader)).json(),
    ).extracts;
    const path = extract?.path ?? '';
    expect(
      (await call('GET', `/api/recon/files/token?fileIdentifier=${path}`, tokens.nobody)).statusCode,
    ).toBe(403);
    // An exceptions extract holds an inbox file's refused rows: it asks what the inbox's download asks.
    expect(
      (await call('GET', `/api/recon/files/token?fileIdentifier=${path}`, tokens.reader)).statusCode,
    ).toBe(403);
    const granted = await call('GET', `/api/recon/files/token?fileIdentifier=${path}`, tokens.inboxReader);
    expect(granted.statusCode, granted.body).toBe(200);
    const token = granted.json<{ token: string }>().token;
    const url = `/api/recon/extracts/download?path=${path}&filename=exceptions.csv&access_token=${token}`;
    const download = await app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="exceptions.csv"; filename*=UTF-8''exceptions.csv`,
    );
    expect(download.body).toBe(
      'line,reason,row\n2,"amount is not a whole number","B1,ten,USD,2026-03-02T07:00:00Z,Shop"\n',
    );
    const reused = await app.inject({ method: 'GET', url });
    expect(reused.statusCode).toBe(403);
    expect(reused.json()).toMatchObject({ errorMessage: FINANCE_MESSAGES.tokenInvalid });
    // An inbox file still needs DOWNLOAD_INBOX_FILES; any other extract only VIEW_PROCESSES.
    expect((await call('GET', '/api/recon/files/token?fileIdentifier=1', tokens.reader)).statusCode).toBe(
      403,
    );
    const [summary] = extractsResponseSchema.parse(
      (await call('GET', '/api/recon/extracts?tag=kind:recon-summary', tokens.reader)).json(),
    ).extracts;
    const summaryToken = await call(
      'GET',
      `/api/recon/files/token?fileIdentifier=${summary?.path ?? ''}`,
      tokens.reader,
    );
    expect(summaryToken.statusCode, summaryToken.body).toBe(200);
  });

  it('closes an older run late without the transactions matched since: they wait for today’s run', async () => {
    // A day's run left OPEN past its day, closed the morning after.
    app.clock.advance(DAY_MS);
    await signInAgain();
    expect(await app.services.financeJobs.run(SETTLEMENT_JOB)).toBe('SUCCESS');
    const older = (await runs()).settlementRuns.find((run) => run.status === 'OPEN');
    expect(older).toBeDefined();
    app.clock.advance(DAY_MS);
    await signInAgain();
    await feed('20260310', [['L1', 300, 'USD']]);
    const closed = await call('POST', `/api/recon/settlements/${older?.id}/close`, tokens.finaliser, {});
    expect(closed.statusCode, closed.body).toBe(200);
    expect(settlementDetailSchema.parse(closed.json()).settlementRun.transactionCount).toBe(0);
    const waiting = await call(
      'GET',
      `/api/recon/processes/${CARD}/transactions?matchStatus=MATCHED&settlementStatus=PENDING`,
      tokens.viewer,
    );
    expect(reconResultsResponseSchema.parse(waiting.json()).transactions).toHaveLength(1);
    expect(waiting.body).toContain('L1');
  });

  it('says how many matched transactions wait in no run, and whether today’s run takes them', async () => {
    const waiting = async () => {
      const response = await call('GET', `/api/recon/settlements/waiting?processId=${CARD}`, tokens.viewer);
      expect(response.statusCode, response.body).toBe(200);
      return settlementWaitingSchema.parse(response.json());
    };
    const now = app.clock.now();
    const nextRunFrom = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS).toISOString();
    // L1, matched after yesterday's run was closed late: today's run is not open yet.
    expect(await waiting()).toEqual({ transactionCount: 1, todaysRun: null, nextRunFrom });

    expect(await app.services.financeJobs.run(SETTLEMENT_JOB)).toBe('SUCCESS');
    const today = (await runs()).settlementRuns.find((run) => run.status === 'OPEN');
    expect(await waiting()).toEqual({
      transactionCount: 0,
      todaysRun: { id: today?.id, status: 'OPEN' },
      nextRunFrom,
    });

    const closed = await call('POST', `/api/recon/settlements/${today?.id}/close`, tokens.finaliser, {});
    expect(closed.statusCode, closed.body).toBe(200);
    await feed('20260311', [
      ['W1', 400, 'USD'],
      ['W2', 900, 'USD'],
    ]);
    // Matched after today's close: they wait for tomorrow's run, and the answer says so.
    expect(await waiting()).toEqual({
      transactionCount: 2,
      todaysRun: { id: today?.id, status: 'CLOSED' },
      nextRunFrom,
    });

    expect(
      (await call('GET', `/api/recon/settlements/waiting?processId=${CARD}`, tokens.reader)).statusCode,
    ).toBe(403);
    const unknown = await call('GET', '/api/recon/settlements/waiting?processId=9999', tokens.viewer);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorMessage: FINANCE_MESSAGES.noProcess });
    const malformed = await call('GET', '/api/recon/settlements/waiting?processId=abc', tokens.viewer);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('errorMessage');
  });
});
