import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { askExportToken, exportLines } from '../../testing/exports.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';

const PROCESS = 1;
/** More than one cursor batch. */
const FILES = 1_200;
const FORMULA = '=HYPERLINK("x")';
const INERT = `"'=HYPERLINK(""x"")"`;

describe.each(TEST_DATABASE_KINDS)('finance list exports on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  let viewer: string;
  let nobody: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
    const user = await createTestUser(database, ['VIEW_PROCESSES', 'VIEW_ACTIONS', 'RECON_SETTLEMENT']);
    viewer = (await login(app, user.username, user.password)).access_token;
    const other = await createTestUser(database, ['VIEW_AUDITS']);
    nobody = (await login(app, other.username, other.password)).access_token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('exports every file of the process’s inbox, newest first, formula-safe', async () => {
    const files = Array.from({ length: FILES }, (_, index) => ({
      process_id: PROCESS,
      party_id: 1,
      file_name: index === 0 ? FORMULA : `card-${String(index).padStart(4, '0')}.csv`,
      sha256: String(index).padStart(64, '0'),
      size_bytes: 10,
      status: 'LOADED' as const,
      records: index,
      exceptions: index === FILES - 1 ? null : 0,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
    }));
    for (let start = 0; start < files.length; start += 400) {
      await database.db
        .insertInto('recon_files')
        .values(files.slice(start, start + 400))
        .execute();
    }
    const party = await database.db
      .selectFrom('recon_parties')
      .select('name')
      .where('process_id', '=', PROCESS)
      .where('party_id', '=', 1)
      .executeTakeFirstOrThrow();

    const lines = await exportLines(app, viewer, 'finance-inbox', { processId: PROCESS });
    expect(lines[0]).toBe('Filename,Party,Uploaded,Status,Records,Exceptions');
    expect(lines).toHaveLength(FILES + 1);
    expect(lines[1], 'newest first, no count as empty').toBe(
      `card-1199.csv,${party.name},2026-01-01T00:19:59.000Z,LOADED,1199,`,
    );
    expect(lines.at(-1)).toBe(`${INERT},${party.name},2026-01-01T00:00:00.000Z,LOADED,0,0`);
    expect(await exportLines(app, viewer, 'finance-inbox', { processId: 2 })).toHaveLength(1);
  });

  it('exports the process’s pending approvals, oldest first', async () => {
    const at = (second: number) => new Date(Date.UTC(2026, 0, 2, 0, 0, second));
    const action = (second: number, comment: string, reviewed: boolean) => ({
      action_id: randomUUID(),
      process_id: PROCESS,
      type: 'ACCEPT_TRANSACTIONS' as const,
      file_id: null,
      file_name: null,
      records: null,
      username: 'maker',
      comment,
      created_at: at(second),
      status: 'REGISTERED' as const,
      reviewer_username: reviewed ? 'checker' : null,
      reviewed_at: reviewed ? at(second + 1) : null,
      selection_type: 'SELECTED',
      transaction_count: 3,
    });
    await database.db
      .insertInto('recon_actions')
      .values([action(0, FORMULA, false), action(5, 'second', false), action(9, 'reviewed', true)])
      .execute();
    const process = await database.db
      .selectFrom('recon_processes')
      .select('display_name')
      .where('process_id', '=', PROCESS)
      .executeTakeFirstOrThrow();

    const lines = await exportLines(app, viewer, 'finance-approvals', { processId: PROCESS });
    expect(lines).toEqual([
      'Process,Action,File,Transactions,Records,Selection,Requested by,Requested at,Comment',
      `${process.display_name},ACCEPT_TRANSACTIONS,,3,,SELECTED,maker,2026-01-02T00:00:00.000Z,${INERT}`,
      `${process.display_name},ACCEPT_TRANSACTIONS,,3,,SELECTED,maker,2026-01-02T00:00:05.000Z,second`,
    ]);
  });

  it('exports the settlement runs of the filter, newest first, or one by its id', async () => {
    const runs = await database.db
      .insertInto('recon_settlement_runs')
      .values(
        [1, 2, 3].map((day) => ({
          process_id: PROCESS,
          business_date: `2026-02-0${day}`,
          status: day === 3 ? ('OPEN' as const) : ('CLOSED' as const),
          start_date: new Date(Date.UTC(2026, 1, day)),
          end_date: day === 3 ? null : new Date(Date.UTC(2026, 1, day, 23)),
          closed_by: null,
          transaction_count: day,
          report: null,
        })),
      )
      .returning('run_id')
      .execute();
    const [first, second, third] = runs.map((run) => run.run_id);
    const filter = {
      processId: PROCESS,
      fromDateTimeInclusive: '2026-02-02T00:00:00Z',
      toDateTimeInclusive: '2026-02-03T00:00:00Z',
    };
    expect(await exportLines(app, viewer, 'finance-settlements', filter)).toEqual([
      'Settlement ID,Status,Start,End',
      `${third},OPEN,2026-02-03T00:00:00.000Z,`,
      `${second},CLOSED,2026-02-02T00:00:00.000Z,2026-02-02T23:00:00.000Z`,
    ]);
    expect(
      await exportLines(app, viewer, 'finance-settlements', { processId: PROCESS, settlementId: first }),
    ).toEqual([
      'Settlement ID,Status,Start,End',
      `${first},CLOSED,2026-02-01T00:00:00.000Z,2026-02-01T23:00:00.000Z`,
    ]);
  });

  it('exports every job by name with its outcome', async () => {
    const jobs = await database.db.selectFrom('finance_jobs').select('name').orderBy('name').execute();
    const lines = await exportLines(app, viewer, 'finance-jobs', {});
    expect(lines[0]).toBe('Job Name,Last Runtime,Last Successful Runtime,Success');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(jobs.map((job) => job.name));
    expect(
      lines.slice(1).every((line) => line.endsWith(',,Pending') || /Z,(Successful|Unsuccessful)$/.test(line)),
    ).toBe(true);
  });

  it('exports the outbox of the filter, globally or of one process, a column for each tag', async () => {
    const extract = async (processId: number | null, fileName: string, second: number, tags: string[][]) => {
      const row = await database.db
        .insertInto('recon_extracts')
        .values({
          process_id: processId,
          file_name: fileName,
          created_at: new Date(Date.UTC(2026, 0, 3, 0, 0, second)),
          content: Buffer.from('x'),
          dedupe_key: fileName,
        })
        .returning('extract_id')
        .executeTakeFirstOrThrow();
      await database.db
        .insertInto('recon_extract_tags')
        .values(
          tags.map(([tagId = '', value = '']) => ({ extract_id: row.extract_id, tag_id: tagId, value })),
        )
        .execute();
    };
    await extract(PROCESS, 'report-1.csv', 0, [
      ['kind', 'settlement-report'],
      ['currency', 'ZAR'],
      ['currency', 'USD'],
    ]);
    await extract(null, 'summary.csv', 5, [
      ['kind', 'recon-summary'],
      ['party', FORMULA],
    ]);
    const header = 'Filename,Date Created,Kind,Process,Party,Currency,Settlement run,Business date';
    const day = {
      fromDateTimeInclusive: '2026-01-03T00:00:00Z',
      toDateTimeInclusive: '2026-01-03T23:59:59Z',
    };
    expect(await exportLines(app, viewer, 'finance-outbox', day)).toEqual([
      header,
      `summary.csv,2026-01-03T00:00:05.000Z,recon-summary,,${INERT},,,`,
      'report-1.csv,2026-01-03T00:00:00.000Z,settlement-report,,,"USD, ZAR",,',
    ]);
    expect(await exportLines(app, viewer, 'finance-outbox', { ...day, processId: PROCESS })).toHaveLength(2);
    expect(
      await exportLines(app, viewer, 'finance-outbox', { ...day, tag: ['kind:recon-summary'] }),
    ).toHaveLength(2);
  });

  it('refuses each export without the permission that views its list', async () => {
    for (const [list, filter] of [
      ['finance-inbox', { processId: PROCESS }],
      ['finance-approvals', { processId: PROCESS }],
      ['finance-settlements', {}],
      ['finance-jobs', {}],
      ['finance-outbox', {}],
    ] as const) {
      const refused = await askExportToken(app, nobody, list, filter);
      expect(refused.statusCode, list).toBe(403);
    }
    expect((await askExportToken(app, viewer, 'finance-inbox', {})).statusCode).toBe(400);
    expect((await askExportToken(app, viewer, 'finance-settlements', { settlementId: 'x' })).statusCode).toBe(
      400,
    );
  });
});
