import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { DbExecutor } from '../../db/schema.ts';
import { runAdmin, withDatabase } from '../../testing/postgres-admin.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { DAY_MS, HOUR_MS } from '../../time.ts';
import {
  ensureCurrentDays,
  ensureDayPartitions,
  isPartitioned,
  PARTITION_DAYS_AHEAD,
  PARTITION_DAYS_BEHIND,
} from './partitions.ts';
import { createTransactionsRepository, type RecordedLeg } from './repository.ts';

const template = inject('postgresTemplate');
const DAY = Date.UTC(2025, 0, 10);

function leg(timeStarted: Date): RecordedLeg {
  return {
    uuid: randomUUID(),
    referenceNumber: `R${timeStarted.getTime().toString()}`,
    originatorTypeId: 'pos',
    originatorId: 'T1',
    serviceTypeId: 'purchase',
    serviceDesc: 'Purchase',
    receiverId: 'visa-base-i',
    receiverName: 'Visa Base I',
    serverDesc: 'switch-node-1',
    tranState: 'COMPLETED',
    timeStarted,
    timeCompleted: null,
    uuidPrev: null,
    uuidNext: null,
    serviceData: null,
    messages: [0, 1].map((position) => ({
      edgeName: `edge-${position.toString()}`,
      edgeType: position === 0 ? 'INLET' : 'OUTLET',
      direction: position === 0 ? 'RECEIVE' : 'SEND',
      nrRepeats: 1,
      content: `message ${position.toString()}`,
      messageDesc: 'Financial request',
      timeCreated: timeStarted,
    })),
  };
}

/** Which table each of the legs' and messages' rows is stored in. */
async function storedIn(executor: DbExecutor, uuid: string): Promise<{ leg?: string; messages: string[] }> {
  const legs = await sql<{ part: string; seq: string }>`
    select tableoid::regclass::text as part, seq from transactions where uuid = ${uuid}`.execute(executor);
  const row = legs.rows[0];
  if (row === undefined) return { messages: [] };
  const messages = await sql<{
    part: string;
  }>`select tableoid::regclass::text as part from transaction_messages
    where transaction_seq = ${row.seq} order by position`.execute(executor);
  return { leg: row.part, messages: messages.rows.map((message) => message.part) };
}

async function tableExists(executor: DbExecutor, name: string): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${name})::text as found`.execute(
    executor,
  );
  return rows[0]?.found != null;
}

describe('transactions on PGlite', () => {
  it('stay one table, retention deleting rows (decision 0031)', async () => {
    const database = await createTestDatabase('pglite');
    try {
      expect(await isPartitioned(database.db)).toBe(false);
      expect(await ensureDayPartitions(database.db, new Date(DAY), new Date(DAY + DAY_MS))).toBe(0);
      expect(await tableExists(database.db, 'transactions_default')).toBe(false);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(template === null)('transactions by day on PostgreSQL', () => {
  let database: DatabaseHandle;
  const repository = createTransactionsRepository();

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database.close();
  });

  it('has the partitions of today and the next days from the migration, and a DEFAULT one', async () => {
    expect(await isPartitioned(database.db)).toBe(true);
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    for (let day = 0; day <= PARTITION_DAYS_AHEAD; day += 1) {
      const suffix = new Date(today + day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
      expect(await tableExists(database.db, `transactions_p${suffix}`), suffix).toBe(true);
      expect(await tableExists(database.db, `transaction_messages_p${suffix}`), suffix).toBe(true);
    }
    expect(await tableExists(database.db, 'transactions_default')).toBe(true);
  });

  it("keeps a leg of a day without partition in DEFAULT, then moves it with its messages to the day's partition", async () => {
    const early = leg(new Date(DAY + 9 * HOUR_MS));
    await database.db.transaction().execute((tx) => repository.insertLegs(tx, [early]));
    expect(await storedIn(database.db, early.uuid)).toEqual({
      leg: 'transactions_default',
      messages: ['transaction_messages_default', 'transaction_messages_default'],
    });
    const key = await repository.findLegKey(database.db, early.uuid);

    expect(await ensureDayPartitions(database.db, new Date(DAY), new Date(DAY + DAY_MS))).toBe(2);
    expect(await storedIn(database.db, early.uuid)).toEqual({
      leg: 'transactions_p20250110',
      messages: ['transaction_messages_p20250110', 'transaction_messages_p20250110'],
    });
    // Same seq, so the trace and a pinned first page still find it.
    expect(await repository.findLegKey(database.db, early.uuid)).toEqual(key);
    expect(key).toBeDefined();
    const messages = await repository.listMessages(database.db, key ?? { seq: 0, timeStarted: new Date() });
    expect(messages.map((message) => message.content)).toEqual(['message 0', 'message 1']);
    expect(await ensureDayPartitions(database.db, new Date(DAY), new Date(DAY + DAY_MS))).toBe(0);
  });

  it('refuses the same leg twice', async () => {
    const twice = leg(new Date(DAY + 10 * HOUR_MS));
    await database.db.transaction().execute((tx) => repository.insertLegs(tx, [twice]));
    await expect(
      database.db.transaction().execute((tx) => repository.insertLegs(tx, [twice])),
    ).rejects.toThrow(/duplicate key/);
  });

  it('removes each day wholly before the cutoff, keeps a day it cuts whole, and deletes old DEFAULT legs', async () => {
    const dayBefore = leg(new Date(DAY + 12 * HOUR_MS));
    const cutDay = [leg(new Date(DAY + DAY_MS + HOUR_MS)), leg(new Date(DAY + DAY_MS + 20 * HOUR_MS))];
    const stray = leg(new Date(DAY - 30 * DAY_MS));
    await ensureDayPartitions(database.db, new Date(DAY + DAY_MS), new Date(DAY + DAY_MS));
    await database.db.transaction().execute((tx) => repository.insertLegs(tx, [stray, dayBefore, ...cutDay]));
    expect((await storedIn(database.db, stray.uuid)).leg).toBe('transactions_default');

    const cutoff = new Date(DAY + DAY_MS + 12 * HOUR_MS);
    await database.db.transaction().execute((tx) => repository.pruneBefore(tx, cutoff, 1000));

    expect(await storedIn(database.db, dayBefore.uuid)).toEqual({ messages: [] });
    expect(await storedIn(database.db, stray.uuid)).toEqual({ messages: [] });
    for (const kept of cutDay) {
      expect(await storedIn(database.db, kept.uuid), kept.timeStarted.toISOString()).toEqual({
        leg: 'transactions_p20250111',
        messages: ['transaction_messages_p20250111', 'transaction_messages_p20250111'],
      });
    }
    const { rows } = await sql<{ count: string }>`select count(*) as count from transaction_messages m
      where not exists (select 1 from transactions t
        where t.seq = m.transaction_seq and t.time_started = m.time_started)`.execute(database.db);
    expect(Number(rows[0]?.count), 'messages without their leg').toBe(0);

    // Detached by retention, dropped by the next housekeeping run.
    expect(await tableExists(database.db, 'transactions_p20250110')).toBe(true);
    expect(await ensureCurrentDays(database.db, new Date())).toMatchObject({ dropped: 2 });
    expect(await tableExists(database.db, 'transactions_p20250110')).toBe(false);
    expect(await tableExists(database.db, 'transaction_messages_p20250110')).toBe(false);
  });

  it('creates each day once when two instances make sure of the same days at once', async () => {
    const other = openPostgres(withDatabase(template?.url ?? '', await currentDatabase(database)));
    try {
      const now = new Date(DAY + 40 * DAY_MS);
      const created = await Promise.all(
        [database, other].map((instance) => ensureCurrentDays(instance.db, now)),
      );
      // The days behind, today and the days ahead, each created by one of the two.
      expect(created.reduce((sum, { partitions }) => sum + partitions, 0)).toBe(
        PARTITION_DAYS_BEHIND + 1 + PARTITION_DAYS_AHEAD,
      );
      expect(await tableExists(database.db, 'transactions_p20250219')).toBe(true);
    } finally {
      await other.close();
    }
  });
});

async function currentDatabase(database: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
  return rows[0]?.name ?? '';
}

describe.skipIf(template === null)('the upgrade to day partitions on PostgreSQL', () => {
  const name = `web_control_test_${randomBytes(6).toString('hex')}`;
  let database: DatabaseHandle;

  beforeAll(async () => {
    await runAdmin(template?.url ?? '', `create database ${name}`);
    database = openPostgres(withDatabase(template?.url ?? '', name));
  });
  afterAll(async () => {
    await database.close();
    await runAdmin(template?.url ?? '', `drop database if exists ${name} with (force)`);
  });

  it('keeps every leg with its seq and messages (a month of days in partitions), and new legs continue the seq', async () => {
    await migrateToLatest(database.db, '0032-export-tokens');
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    // Two recent days, and one older than the month the upgrade gives partitions to.
    const started = [today - 40 * DAY_MS, today - 2 * DAY_MS, today - DAY_MS].map(
      (day) => new Date(day + HOUR_MS),
    );
    const partOf = (table: string, time: Date) =>
      time.getTime() < today - 31 * DAY_MS
        ? `${table}_default`
        : `${table}_p${time.toISOString().slice(0, 10).replaceAll('-', '')}`;
    for (const [index, time] of started.entries()) {
      await sql`insert into transactions (uuid, reference_number, originator_type_id, originator_id,
          service_type_id, service_desc, server_desc, tran_state, time_started, stan)
        values (${randomUUID()}, ${`OLD${index.toString()}`}, 'pos', 'T1', 'purchase', 'Purchase', 'node',
          'COMPLETED', ${time}, '000123')`.execute(database.db);
    }
    await sql`insert into transaction_messages (transaction_seq, position, edge_name, edge_type, direction,
        nr_repeats, content, message_desc, time_created)
      select seq, 0, 'edge', 'INLET', 'RECEIVE', 1, reference_number, 'request', time_started from transactions`.execute(
      database.db,
    );
    const before = await sql<{ seq: string; reference_number: string }>`
      select seq, reference_number from transactions order by seq`.execute(database.db);

    await migrateToLatest(database.db);

    expect(await isPartitioned(database.db)).toBe(true);
    const after = await sql<{ seq: string; reference_number: string; part: string }>`
      select seq, reference_number, tableoid::regclass::text as part from transactions order by seq`.execute(
      database.db,
    );
    expect(after.rows).toEqual(
      before.rows.map((row, index) => ({
        ...row,
        part: partOf('transactions', started[index] ?? new Date()),
      })),
    );
    const messages = await sql<{ content: string; part: string }>`
      select content, tableoid::regclass::text as part from transaction_messages order by transaction_seq`.execute(
      database.db,
    );
    expect(messages.rows).toEqual(
      started.map((time, index) => ({
        content: `OLD${index.toString()}`,
        part: partOf('transaction_messages', time),
      })),
    );
    const fresh = leg(new Date());
    await database.db.transaction().execute((tx) => createTransactionsRepository().insertLegs(tx, [fresh]));
    const key = await createTransactionsRepository().findLegKey(database.db, fresh.uuid);
    expect(key?.seq).toBe(Number(before.rows.at(-1)?.seq) + 1);
    // Every migration from an empty database: longer than the default on a busy machine.
  }, 60_000);
});
