import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SETTLEMENT_JOB } from '@web-control/platform/finance/settlements-service';
import type { StartedPlatform } from '@web-control/platform/start';
import { startBenchPlatform, type BenchDatabase } from './platform.ts';

/*
 * The finance bench's data: a million recon transactions of the EFT process seeded set-based once,
 * and what a timed run leaves removed before the next.
 */

/** The recon transactions the EFT process holds while the list calls are timed. */
export const BENCH_RECON_TRANSACTIONS = 1_000_000;
/** Transaction review actions seeded beside one LOAD_FILE action per file. */
export const BENCH_REVIEW_ACTIONS = 100_000;
const PENDING_REVIEW_ACTIONS = 25;
const PER_DAY = 1000;
const DAYS = BENCH_RECON_TRANSACTIONS / PER_DAY;
const SEED_USERS = 20;
export const DAY_MS = 24 * 60 * 60_000;
/** The demo EFT process: two parties (1 Switch, 2 Clearing house), key `reference`, compared `amount`. */
export const EFT = 2;
/** Who uploads the timed files: the seed's own actions are by `system` and `finance-user-NN`. */
export const RUN_UPLOADER = 'finance-operator';
export const RUN_REVIEWER = 'finance-approver';
export const RUN_PREFIX = 'RUN';

/** What the EFT process holds. */
export interface ReconCounts {
  transactions: number;
  records: number;
  files: number;
  actions: number;
  audits: number;
}

// The bench reads and writes tables of the platform it started; their types stay the platform's.
export type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A version 4 UUID made from a text, as the contract's schemas accept (md5 alone has no version). */
function uuidOf(text: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`cast(overlay(overlay(md5(${text}) placing '4' from 13) placing 'a' from 17) as uuid)`;
}

async function count(db: AnyDb, query: RawBuilder<{ n: string | number }>): Promise<number> {
  const result = await query.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

export async function countsOf(db: AnyDb): Promise<ReconCounts> {
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
export async function vacuumRecon(db: AnyDb): Promise<void> {
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
export async function removeRunData(db: AnyDb): Promise<void> {
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
