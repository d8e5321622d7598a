import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { uploadResponseSchema } from '@web-control/contract/finance';
import { SETTLEMENT_JOB } from '@web-control/platform/finance/settlements-service';
import type { StartedPlatform } from '@web-control/platform/start';
import { copyBaseline, sampleRss, switchFile, waitForOutcome } from './finance-load.ts';
import { measure, signIn, startBenchPlatform, type BenchDatabase, type Latency } from './platform.ts';

/** The recon transactions the EFT process holds while the list calls are timed. */
export const BENCH_RECON_TRANSACTIONS = 1_000_000;
/** The records of the file whose load and match is timed (and of its counterpart). */
export const LOAD_RECORDS = 100_000;
/** The records of the large file whose load, memory and neighbouring calls are measured. */
export const LARGE_LOAD_RECORDS = 1_000_000;
/** Transaction review actions seeded beside one LOAD_FILE action per file. */
export const BENCH_REVIEW_ACTIONS = 100_000;
const PENDING_REVIEW_ACTIONS = 25;
const PER_DAY = 1000;
const DAYS = BENCH_RECON_TRANSACTIONS / PER_DAY;
const SEED_USERS = 20;
const DAY_MS = 24 * 60 * 60_000;
/** The demo EFT process: two parties (1 Switch, 2 Clearing house), key `reference`, compared `amount`. */
const EFT = 2;
/** Who uploads the timed files: the seed's own actions are by `system` and `finance-user-NN`. */
const RUN_UPLOADER = 'finance-operator';
const RUN_REVIEWER = 'finance-approver';
const RUN_PREFIX = 'RUN';

export interface ListFigure extends Latency {
  scenario: string;
  path: string;
  rows: number;
  total: number;
}

export interface LoadStep {
  step: string;
  records: number;
  ms: number;
}

/** The large file's load: its time, the platform's memory, and the lists called meanwhile. */
export interface LargeLoad {
  records: number;
  bytes: number;
  uploadMs: number;
  loadMs: number;
  status: string;
  rss: { before: number; peak: number };
  /** The calls made while it loaded; `during` says whether the load still ran when each ended. */
  lists: Array<ListFigure & { during: boolean }>;
}

export interface FinanceFigures {
  database: string;
  /** The database's own COPY of the timed file into a staging table of its shape (ms). */
  copyMs: number;
  large: LargeLoad;
  /** The machine's one-minute load average as the timed part began: other work skews every figure. */
  loadAverage: number;
  counts: { transactions: number; records: number; files: number; actions: number; audits: number };
  /** Seconds the set-based seed took, when this run seeded. */
  seededSeconds: number | undefined;
  load: LoadStep[];
  outcome: { matched: number; partial: number; unmatched: number; fileStatus: string; exceptions: number };
  health: ListFigure;
  lists: ListFigure[];
}

// The bench reads and writes tables of the platform it started; their types stay the platform's.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A version 4 UUID made from a text, as the contract's schemas accept (md5 alone has no version). */
function uuidOf(text: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`cast(overlay(overlay(md5(${text}) placing '4' from 13) placing 'a' from 17) as uuid)`;
}

async function count(db: AnyDb, query: RawBuilder<{ n: string | number }>): Promise<number> {
  const result = await query.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

async function countsOf(db: AnyDb): Promise<FinanceFigures['counts']> {
  const of = (table: string) =>
    count(
      db,
      sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)} where process_id = ${EFT}`,
    );
  return {
    transactions: await of('recon_transactions'),
    records: await of('recon_records'),
    files: await of('recon_files'),
    actions: await of('recon_actions'),
    audits: await of('recon_audits'),
  };
}

/**
 * A million recon transactions of the EFT process in a few INSERT … SELECT generate_series
 * statements, in one transaction: one file a day per party (1 000 transactions a day over 1 000
 * days), their records (0.5 % missing at the switch, 2 % at the clearing house, 1 % with another
 * amount), the transactions as the matcher leaves them, one LOAD_FILE action per file by the
 * system, 100 000 transaction reviews by 20 users (5 % rejected, the newest 25 pending), and
 * every action's audit entries. The raw files are kept as their header line only (one chunk each).
 */
async function seedRecon(db: AnyDb, now: Date): Promise<void> {
  // The last seeded day is yesterday: nothing is dated after the seed ran.
  const start = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - DAYS * DAY_MS);
  const last = BENCH_RECON_TRANSACTIONS - 1;
  const dayOf = (day: ReturnType<typeof sql>) =>
    sql`(cast(${start} as timestamptz) + ${day} * interval '1 day')`;
  const reviewStep = Math.floor((DAYS * DAY_MS) / BENCH_REVIEW_ACTIONS / 1000);
  await db.transaction().execute(async (tx) => {
    for (const table of [
      'recon_audits',
      'recon_actions',
      'recon_transaction_values',
      'recon_transactions',
      'recon_files',
    ]) {
      await sql`delete from ${sql.table(table)} where process_id = ${EFT}`.execute(tx);
    }
    await sql`
      insert into recon_files
        (process_id, party_id, file_name, sha256, size_bytes, status, records, exceptions, created_at, loaded_at)
      select ${EFT}, p.party_id,
        p.prefix || to_char(${dayOf(sql`d`)} at time zone 'UTC', 'YYYYMMDD') || '.csv',
        encode(sha256(convert_to('bench seed ' || p.party_id || ' ' || d, 'UTF8')), 'hex'),
        length(p.header) + 1,
        case when p.party_id = 2 and d % 25 = 24 then 'ERROR' else 'LOADED' end,
        0,
        case when p.party_id = 2 and d % 25 = 24 then 3 else 0 end,
        ${dayOf(sql`d`)} + p.party_id * interval '1 hour',
        ${dayOf(sql`d`)} + p.party_id * interval '1 hour' + interval '5 minutes'
      from generate_series(0, ${DAYS - 1}) d
      cross join (values (1, 'eft-switch-', 'reference,amount,value_date'),
                         (2, 'eft-clearing-', 'ref,amount_cents,date')) p(party_id, prefix, header)
      order by d, p.party_id
    `.execute(tx);
    await sql`
      insert into recon_file_chunks (file_id, position, bytes)
      select file_id, 0, convert_to(
        case party_id when 1 then 'reference,amount,value_date' else 'ref,amount_cents,date' end || chr(10), 'UTF8')
      from recon_files where process_id = ${EFT}
    `.execute(tx);
    await sql`
      insert into recon_exceptions (file_id, line, reason, raw)
      select f.file_id, n + 1, 'amount is not a whole number', 'EFT-BAD-' || n || ',12.5,2026-01-01'
      from recon_files f cross join generate_series(1, 3) n
      where f.process_id = ${EFT} and f.status = 'ERROR'
    `.execute(tx);
    for (const party of [1, 2]) {
      // Switch: every transaction but i % 200 = 199; clearing house: every one but i % 50 = 7,
      // with the amount one cent off where i % 100 = 3.
      const present = party === 1 ? sql`i % 200 <> 199` : sql`i % 50 <> 7`;
      const amount =
        party === 1
          ? sql`((i::bigint * 7919) % 99900 + 100)::text`
          : sql`((i::bigint * 7919) % 99900 + 100 + case when i % 100 = 3 then 1 else 0 end)::text`;
      await sql`
        insert into recon_records (file_id, process_id, party_id, match_key, compare_values, fields)
        select f.file_id, ${EFT}, ${party}, '["' || s.ref || '"]', array[s.amount],
          jsonb_build_object('reference', s.ref, 'amount', s.amount, 'valueDate', s.value_date)
        from (
          select 'EFT' || lpad(i::text, 9, '0') as ref, ${amount} as amount,
            to_char(${dayOf(sql`(i / ${PER_DAY})`)} at time zone 'UTC', 'YYYY-MM-DD') as value_date,
            ${dayOf(sql`(i / ${PER_DAY})`)} + ${party} * interval '1 hour' as file_time
          from generate_series(0, ${last}) i
          where ${present}
        ) s
        join recon_files f on f.process_id = ${EFT} and f.party_id = ${party} and f.created_at = s.file_time
      `.execute(tx);
    }
    await sql`
      update recon_files f set records = c.n
      from (select file_id, count(*) as n from recon_records where process_id = ${EFT} group by file_id) c
      where f.file_id = c.file_id
    `.execute(tx);
    await sql`
      insert into recon_transactions (process_id, match_key, created_at, match_status, settlement_status, score)
      select ${EFT}, '["EFT' || lpad(i::text, 9, '0') || '"]', ${dayOf(sql`(i / ${PER_DAY})`)} + interval '2 hours',
        case when i % 200 = 199 or i % 50 = 7 then 'UNMATCHED' else 'MATCHED' end,
        -- A partial match (amounts one cent apart) is an issue too, as migration 0014 made it.
        case when i % 200 = 199 or i % 50 = 7 or i % 100 = 3 then 'ISSUE' else 'PENDING' end,
        case when i % 200 = 199 or i % 50 = 7 then 0 when i % 100 = 3 then 50 else 100 end
      from generate_series(0, ${last}) i
    `.execute(tx);
    await seedValues(tx, start);
    await sql`
      insert into recon_actions (action_id, process_id, type, file_id, file_name, records, username, comment,
        created_at, status, reviewer_username, reviewed_at)
      select ${uuidOf(sql`'bench load ' || f.file_id`)}, ${EFT}, 'LOAD_FILE', f.file_id, f.file_name, null,
        'system', 'Feed file', f.created_at, case f.status when 'ERROR' then 'ERROR' else 'SUCCESS' end,
        'system', f.loaded_at
      from recon_files f where f.process_id = ${EFT}
    `.execute(tx);
    await sql`
      insert into recon_actions (action_id, process_id, type, file_id, file_name, records, username, comment,
        created_at, status, reviewer_username, reviewed_at)
      select ${uuidOf(sql`'bench review ' || j`)}, ${EFT},
        (array['ACCEPT_TRANSACTIONS', 'REJECT_TRANSACTIONS', 'RESOLVE_TRANSACTIONS'])[j % 3 + 1],
        null, null, null, 'finance-user-' || lpad((j % ${SEED_USERS})::text, 2, '0'), 'Checked with the bank',
        cast(${start} as timestamptz) + j * ${reviewStep} * interval '1 second',
        case when j >= ${BENCH_REVIEW_ACTIONS - PENDING_REVIEW_ACTIONS} then 'REGISTERED'
             when j % 20 = 0 then 'REJECTED' else 'SUCCESS' end,
        case when j >= ${BENCH_REVIEW_ACTIONS - PENDING_REVIEW_ACTIONS} then null else 'finance-approver' end,
        case when j >= ${BENCH_REVIEW_ACTIONS - PENDING_REVIEW_ACTIONS} then null
             else cast(${start} as timestamptz) + j * ${reviewStep} * interval '1 second' + interval '10 minutes' end
      from generate_series(0, ${BENCH_REVIEW_ACTIONS - 1}) j
    `.execute(tx);
    // Oldest first, as the platform writes them: audit ids grow with their dates.
    await sql`
      insert into recon_audits (action_id, process_id, audit_date, username, reviewer_username, type, status)
      select action_id, process_id, audit_date, username, reviewer_username, type, status from (
        select action_id, process_id, created_at as audit_date, username, null as reviewer_username, type,
          'REGISTERED' as status
        from recon_actions where process_id = ${EFT}
        union all
        select action_id, process_id, reviewed_at, username, reviewer_username, type, status
        from recon_actions where process_id = ${EFT} and status <> 'REGISTERED'
      ) entries
      order by audit_date
    `.execute(tx);
  });
}

/**
 * What autovacuum (PostgreSQL) or the platform's hourly vacuum (PGlite) does after a batch of
 * changes: statistics, and visibility for index-only pages and counts. Run before timing, so
 * neither runs in the middle of it.
 */
async function vacuumRecon(db: AnyDb): Promise<void> {
  await db.connection().execute(async (connection) => {
    for (const table of [
      'recon_files',
      'recon_records',
      'recon_transactions',
      'recon_transaction_values',
      'recon_actions',
      'recon_audits',
    ]) {
      await sql`vacuum analyze ${sql.table(table)}`.execute(connection);
    }
  });
}

/**
 * The grid's values of every seeded transaction (migration 0014's table), as the re-match's
 * refreshValues leaves them but computed from the transaction's number instead of a lateral
 * lookup of its records: the switch's value first, the clearing house's where the switch lacks
 * the transaction. Three rows a transaction: reference, amount, valueDate.
 */
async function seedValues(db: AnyDb, start: Date): Promise<void> {
  // The seeded match key is ["EFT" + nine digits]: the digits are the transaction's number.
  const i = sql`cast(substr(t.match_key, 6, 9) as integer)`;
  await sql`
    insert into recon_transaction_values (transaction_id, process_id, field, text_value, number_value, time_value)
    select t.transaction_id, t.process_id, f.field,
      case f.field when 'reference' then substr(t.match_key, 3, 12) end,
      -- The parties agree but where i % 100 = 3, and the switch, first, lacks none of those.
      case f.field when 'amount' then (${i}::bigint * 7919) % 99900 + 100 end,
      case f.field when 'valueDate' then
        cast(${start} as timestamptz) + (${i} / ${PER_DAY}) * interval '1 day'
      end
    from recon_transactions t
    cross join (values ('reference'), ('amount'), ('valueDate')) f(field)
    where t.process_id = ${EFT} and t.match_key like '["EFT%'
  `.execute(db);
}

/**
 * Runs the settlement job (every five minutes in the product) until nothing matched is left
 * outside a run, so that no scheduled run does that work while calls are timed.
 */
async function settlePending(platform: StartedPlatform): Promise<void> {
  const outcome = await platform.app.services.financeJobs.run(SETTLEMENT_JOB);
  if (outcome !== 'SUCCESS') throw new Error(`The settlement job ended ${outcome}`);
}

/** Seeds the million recon transactions once; gives the seconds it took when it did. */
export async function ensureReconSeeded(target: BenchDatabase): Promise<number | undefined> {
  // Seeding on a platform of its own without the statement timeout: a seeding statement may
  // outlast it on a busy machine. The timed platform keeps the product's default.
  const seeder = await startBenchPlatform(target, { statementTimeoutSeconds: 0 });
  try {
    const db = seeder.app.services.database.db as unknown as AnyDb;
    await removeRunData(db);
    let seededSeconds: number | undefined;
    if ((await countsOf(db)).transactions < BENCH_RECON_TRANSACTIONS) {
      console.log(`Seeding ${BENCH_RECON_TRANSACTIONS.toLocaleString('en')} recon transactions (once)…`);
      const started = performance.now();
      await seedRecon(db, new Date());
      seededSeconds = (performance.now() - started) / 1000;
    }
    // The matched transactions join today's settlement run, as the product's first run does it.
    await settlePending(seeder);
    await vacuumRecon(db);
    return seededSeconds;
  } finally {
    await seeder.close();
  }
}

/** What a timed load leaves (also after an interrupted run): its files, records, transactions, actions. */
async function removeRunData(db: AnyDb): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // A million transactions' removal (and their values, by cascade) can outlast the product's
    // statement timeout on a busy machine; the timed platform's connections have it.
    await sql`set local statement_timeout = 0`.execute(tx);
    await sql`
      delete from recon_files where file_id in (
        select file_id from recon_actions where process_id = ${EFT} and username = ${RUN_UPLOADER})
    `.execute(tx);
    await sql`
      delete from recon_transactions where process_id = ${EFT} and match_key like ${`["${RUN_PREFIX}%`}
    `.execute(tx);
    await sql`
      delete from recon_audits where process_id = ${EFT} and username = ${RUN_UPLOADER}
    `.execute(tx);
    await sql`delete from recon_actions where process_id = ${EFT} and username = ${RUN_UPLOADER}`.execute(tx);
    // A run stopped mid-load leaves its staged rows behind its removed file.
    await sql`delete from recon_load_rows where file_id not in (select file_id from recon_files)`.execute(tx);
  });
}

/**
 * The switch's file and the clearing house's file of one day, 100 000 records each: the clearing
 * house lacks 2 % of the switch's references and has 0.5 % the switch lacks, and 1 % of its
 * amounts are one cent off.
 */
function dayFiles(nonce: string, day: Date) {
  const ref = (kind: string, index: number) =>
    `${RUN_PREFIX}${nonce}${kind}${index.toString().padStart(6, '0')}`;
  const date = day.toISOString().slice(0, 10);
  const amount = (index: number) => ((index * 7919) % 99_900) + 100;
  const switchRows = ['reference,amount,value_date'];
  const clearingRows = ['ref,amount_cents,date'];
  for (let index = 0; index < LOAD_RECORDS; index += 1) {
    switchRows.push(
      index % 200 === 199 ? `${ref('S', index)},500,${date}` : `${ref('T', index)},${amount(index)},${date}`,
    );
    const clearingAmount = amount(index) + (index % 100 === 3 ? 1 : 0);
    clearingRows.push(
      index % 50 === 7 ? `${ref('C', index)},700,${date}` : `${ref('T', index)},${clearingAmount},${date}`,
    );
  }
  return {
    counterpart: Buffer.from(`${switchRows.join('\n')}\n`, 'utf8'),
    file: Buffer.from(`${clearingRows.join('\n')}\n`, 'utf8'),
  };
}

/**
 * Both finance figures on one platform: the load and match of a 100 000-record clearing file
 * against the switch's file already loaded (uploaded by finance-operator, loaded by
 * finance-approver's approval: the product's own path), then the inbox, actions and audit log
 * calls at a million recon transactions against /api/health.
 */
export async function measureFinance(target: BenchDatabase): Promise<FinanceFigures> {
  const seededSeconds = await ensureReconSeeded(target);
  const platform = await startBenchPlatform(target);
  try {
    const db = platform.app.services.database.db as unknown as AnyDb;
    const counts = await countsOf(db);

    const operator = await signIn(platform.url, RUN_UPLOADER);
    const approver = await signIn(platform.url, RUN_REVIEWER);
    const timed = async (call: () => Promise<Response>) => {
      const started = performance.now();
      const response = await call();
      const body = await response.text();
      if (!response.ok) throw new Error(`${response.status.toString()}: ${body}`);
      return { ms: performance.now() - started, startedAt: started, body };
    };
    const upload = (fileName: string, content: Buffer) =>
      timed(() =>
        fetch(`${platform.url}/api/recon/files`, {
          method: 'POST',
          body: content,
          headers: {
            ...operator,
            'content-type': 'text/csv',
            'finance-file-name': fileName,
            'finance-action-comment': 'Bench day file',
            'finance-process-id': String(EFT),
            'idempotency-key': randomUUID(),
          },
        }),
      );
    const approve = (actionId: string) =>
      timed(() =>
        fetch(`${platform.url}/api/recon/actions/${actionId}/approve`, {
          method: 'POST',
          body: JSON.stringify({ comment: 'Bench approval' }),
          headers: { ...approver, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        }),
      );

    /** Approval to outcome: the approval answers at once, the load runs in the background. */
    const loaded = async (registered: { id: number; actionId: string }) => {
      const approval = await approve(registered.actionId);
      const status = await waitForOutcome(db, registered.id);
      if (status !== 'LOADED') throw new Error(`The file ended ${status}`);
      return { ms: performance.now() - approval.startedAt };
    };
    const listCall = async (scenario: string, path: string) => {
      const admin = await signIn(platform.url, 'admin');
      const url = `${platform.url}${path}`;
      const first = (await (await fetch(url, { headers: admin })).json()) as Record<string, unknown> & {
        paginationInfo: { totalRecords: number };
      };
      const items = Object.values(first).find((value) => Array.isArray(value)) as unknown[] | undefined;
      return {
        scenario,
        path,
        rows: items?.length ?? 0,
        total: first.paginationInfo.totalRecords,
        ...(await measure(() => fetch(url, { headers: admin }))),
      };
    };
    /** A million-record switch file of a day of its own: upload, approval, the calls meanwhile, memory. */
    const largeLoad = async (nonce: string): Promise<LargeLoad> => {
      const day = new Date(Date.now() + DAY_MS);
      const content = switchFile(`${RUN_PREFIX}${nonce}M`, LARGE_LOAD_RECORDS, day);
      const rss = sampleRss();
      const stamp = day.toISOString().slice(0, 10).replaceAll('-', '');
      const uploaded = await upload(`eft-switch-${stamp}.csv`, content);
      const [registered] = uploadResponseSchema.parse(JSON.parse(uploaded.body)).files;
      if (registered === undefined) throw new Error('The upload registered no file');
      const approval = await approve(registered.actionId);
      const outcome = waitForOutcome(db, registered.id).then((status) => ({
        status,
        ms: performance.now() - approval.startedAt,
      }));
      // Set when the load ends, from outside this loop's view: an object keeps the check honest.
      const state = { done: false };
      void outcome.then(() => {
        state.done = true;
      });
      const lists: LargeLoad['lists'] = [];
      for (const [scenario, path] of [
        ['inbox, first page', `/api/recon/files?processIds=${EFT.toString()}&offset=0&limit=15`],
        [
          'actions, pending',
          `/api/recon/actions?status=pending&processIds=${EFT.toString()}&offset=0&limit=10`,
        ],
        ['audit log, whole history', '/api/recon/actions/audits?offset=0&limit=50'],
        ['results, first page', `/api/recon/processes/${EFT.toString()}/transactions?limit=25`],
      ] as const) {
        if (state.done) break;
        const figure = await listCall(scenario, path);
        lists.push({ ...figure, during: !state.done });
        console.log(`${scenario} during the large load: p95 ${figure.p95.toFixed(1)} ms`);
      }
      const { status, ms } = await outcome;
      console.log(`Large load: ${ms.toFixed(0)} ms, ${status}`);
      return {
        records: LARGE_LOAD_RECORDS,
        bytes: content.length,
        uploadMs: uploaded.ms,
        loadMs: ms,
        status,
        rss: rss.stop(),
        lists,
      };
    };

    const loadAverage = loadavg()[0] ?? 0;
    const copies: number[] = [];
    const larges: LargeLoad[] = [];
    const load: LoadStep[] = [];
    let outcome: FinanceFigures['outcome'];
    const nonce = Date.now().toString(36).toUpperCase();
    try {
      const today = new Date();
      const stamp = today.toISOString().slice(0, 10).replaceAll('-', '');
      const { counterpart, file } = dayFiles(nonce, today);
      const counterpartUpload = await upload(`eft-switch-${stamp}.csv`, counterpart);
      const [counterpartFile] = uploadResponseSchema.parse(JSON.parse(counterpartUpload.body)).files;
      if (counterpartFile === undefined) throw new Error('The upload registered no file');
      const counterpartLoad = await loaded(counterpartFile);
      const fileUpload = await upload(`eft-clearing-${stamp}.csv`, file);
      const [timedFile] = uploadResponseSchema.parse(JSON.parse(fileUpload.body)).files;
      if (timedFile === undefined) throw new Error('The upload registered no file');
      const fileLoad = await loaded(timedFile);
      copies.push(await copyBaseline(platform, file));
      console.log(
        `Loads: counterpart ${counterpartLoad.ms.toFixed(0)} ms, file ${fileLoad.ms.toFixed(0)} ms`,
      );
      load.push(
        {
          step: 'counterpart (switch file): load, nothing to match yet',
          records: LOAD_RECORDS,
          ms: counterpartLoad.ms,
        },
        { step: 'file (clearing house): upload', records: LOAD_RECORDS, ms: fileUpload.ms },
        {
          step: 'file (clearing house): load and match against the counterpart',
          records: LOAD_RECORDS,
          ms: fileLoad.ms,
        },
        {
          step: 'file (clearing house): upload, load and match',
          records: LOAD_RECORDS,
          ms: fileUpload.ms + fileLoad.ms,
        },
      );
      const stored = await sql<{ status: string; records: number | null; exceptions: number | null }>`
        select status, records, exceptions from recon_files where file_id = ${timedFile.id}
      `.execute(db);
      const statuses = await sql<{ match_status: string; full: boolean; n: string | number }>`
        select match_status, score = 100 as full, count(*) as n from recon_transactions
        where process_id = ${EFT} and match_key like ${`["${RUN_PREFIX}${nonce}%`}
        group by match_status, score = 100
      `.execute(db);
      const of = (status: string, full: boolean | undefined) =>
        statuses.rows
          .filter((row) => row.match_status === status && (full === undefined || row.full === full))
          .reduce((sum, row) => sum + Number(row.n), 0);
      const row = stored.rows[0];
      if (row?.records !== LOAD_RECORDS) {
        throw new Error(
          `The timed file holds ${String(row?.records)} records, not ${LOAD_RECORDS.toString()}`,
        );
      }
      outcome = {
        matched: of('MATCHED', true),
        partial: of('MATCHED', false),
        unmatched: of('UNMATCHED', undefined),
        fileStatus: row.status,
        exceptions: row.exceptions ?? 0,
      };
      // After the outcome is counted: the large file's transactions are the run's too.
      larges.push(await largeLoad(nonce));
    } finally {
      await removeRunData(db);
    }
    await vacuumRecon(db);

    const newest = await sql<{ at: Date | string }>`
      select max(audit_date) as at from recon_audits where process_id = ${EFT}
    `.execute(db);
    const end = new Date(newest.rows[0]?.at ?? Date.now());
    const monthBack = new Date(end);
    monthBack.setUTCMonth(monthBack.getUTCMonth() - 1);
    const month = { fromDateTimeInclusive: monthBack.toISOString(), toDateTimeInclusive: end.toISOString() };
    const page = (limit: number, offset = 0) => ({ offset: String(offset), limit: String(limit) });
    const scenarios: Array<{ scenario: string; path: string; query: Record<string, string> }> = [
      { scenario: 'inbox, first page', path: '/api/recon/files', query: { processIds: '2', ...page(15) } },
      { scenario: 'inbox, every process', path: '/api/recon/files', query: page(15) },
      {
        scenario: 'inbox, last page',
        path: '/api/recon/files',
        query: { processIds: '2', ...page(15, 1995) },
      },
      {
        scenario: 'actions, pending',
        path: '/api/recon/actions',
        query: { status: 'pending', processIds: '2', ...page(10) },
      },
      {
        scenario: 'actions, pending, every process',
        path: '/api/recon/actions',
        query: { status: 'pending', ...page(10) },
      },
      {
        scenario: 'actions, approved',
        path: '/api/recon/actions',
        query: { status: 'approved', processIds: '2', ...page(10) },
      },
      {
        scenario: 'actions, rejected',
        path: '/api/recon/actions',
        query: { status: 'rejected', processIds: '2', ...page(10) },
      },
      {
        scenario: 'actions, approved, offset 10 000',
        path: '/api/recon/actions',
        query: { status: 'approved', processIds: '2', ...page(10, 10_000) },
      },
      {
        scenario: 'audit log, last month',
        path: '/api/recon/actions/audits',
        query: { ...month, ...page(50) },
      },
      {
        scenario: 'audit log, last month, one user',
        path: '/api/recon/actions/audits',
        query: { ...month, username: 'finance-user-07', ...page(50) },
      },
      {
        scenario: 'audit log, last month, type and status',
        path: '/api/recon/actions/audits',
        query: { ...month, type: 'LOAD_FILE', status: 'ERROR', ...page(50) },
      },
      { scenario: 'audit log, whole history', path: '/api/recon/actions/audits', query: page(50) },
      {
        scenario: 'audit log, whole history, one user',
        path: '/api/recon/actions/audits',
        query: { username: 'finance-user-07', ...page(50) },
      },
      {
        scenario: 'audit log, whole history, offset 10 000',
        path: '/api/recon/actions/audits',
        query: page(50, 10_000),
      },
    ];
    const health = await measure(() => fetch(`${platform.url}/api/health`));
    const lists: ListFigure[] = [];
    for (const scenario of scenarios) {
      // Signed in again for each scenario: an access token outlives a few scenarios only.
      const admin = await signIn(platform.url, 'admin');
      const url = `${platform.url}${scenario.path}?${new URLSearchParams(scenario.query).toString()}`;
      const first = (await (await fetch(url, { headers: admin })).json()) as Record<string, unknown> & {
        paginationInfo: { totalRecords: number };
      };
      const items = Object.values(first).find((value) => Array.isArray(value)) as unknown[] | undefined;
      const figure: ListFigure = {
        scenario: scenario.scenario,
        path: `${scenario.path}?${new URLSearchParams(scenario.query).toString()}`,
        rows: items?.length ?? 0,
        total: first.paginationInfo.totalRecords,
        ...(await measure(() => fetch(url, { headers: admin }))),
      };
      console.log(`${scenario.scenario}: p95 ${figure.p95.toFixed(1)} ms`);
      lists.push(figure);
    }
    const [copyMs] = copies;
    const [large] = larges;
    if (copyMs === undefined || large === undefined)
      throw new Error('The COPY or the large load did not run');
    return {
      database: platform.app.services.database.location,
      copyMs,
      large,
      loadAverage,
      counts,
      seededSeconds,
      load,
      outcome,
      health: { scenario: '/api/health', path: '/api/health', rows: 0, total: 0, ...health },
      lists,
    };
  } finally {
    await platform.close();
  }
}
