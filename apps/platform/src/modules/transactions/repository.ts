import { sql, type Selectable } from 'kysely';
import type { ServiceData } from '@web-control/contract/transactions';
import { NETWORK_MANAGEMENT_SERVICE_TYPE } from '../../db/demo-topology.ts';
import type { DbExecutor } from '../../db/schema.ts';
import { detachDaysBefore, isPartitioned } from './partitions.ts';
import type { TransactionsTable } from './table.ts';

export interface TransactionFilter {
  serviceTypeId?: string | undefined;
  receiverId?: string | undefined;
  reference?: string | undefined;
  stan?: string | undefined;
  /** First 6 and last 4 digits of the card. */
  cardKey?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  before?: Date | undefined;
  /**
   * The pinned first page's newest row: only rows at or after it in the list's order (newer ones,
   * which arrive as the list is read, are left out; its start time as text keeps microseconds).
   */
  pinnedAt?: { timeStarted: string; seq: number } | undefined;
}

/** A leg as the list and the trace read it (the search columns are only searched). */
export type TransactionRow = Omit<Selectable<TransactionsTable>, 'stan' | 'card_key'>;

/** One message at an edge of the switch, as stored with its leg. */
export interface RecordedMessage {
  edgeName: string;
  edgeType: 'INLET' | 'OUTLET';
  direction: 'SEND' | 'RECEIVE';
  nrRepeats: number;
  content: string;
  messageDesc: string;
  timeCreated: Date;
}

/** What the switch recorded for one leg, as insertLegs stores it. */
export interface RecordedLeg {
  uuid: string;
  referenceNumber: string;
  originatorTypeId: string;
  originatorId: string;
  serviceTypeId: string;
  serviceDesc: string;
  receiverId: string | null;
  receiverName: string | null;
  serverDesc: string;
  tranState: string;
  timeStarted: Date;
  timeCompleted: Date | null;
  uuidPrev: string | null;
  uuidNext: string | null;
  serviceData: ServiceData | null;
  /** What support may be given to find it: its STAN and, for a card, its first 6 and last 4 digits. */
  stan?: string | null;
  cardKey?: string | null;
  messages: RecordedMessage[];
}

/** The service and originator types legs are recorded under (loadCatalogue). */
export interface ServiceTypeProfile {
  id: string;
  description: string;
  lbServiceId: string | null;
  trafficShare: number;
}

export interface OriginatorTypeProfile {
  id: string;
  description: string;
}

export interface LegCatalogue {
  serviceTypes: readonly ServiceTypeProfile[];
  originatorTypes: readonly OriginatorTypeProfile[];
}

/** Where a leg is stored: its seq within its start time's day (its messages carry both). */
export interface LegKey {
  seq: number;
  timeStarted: Date;
}

/** How far back from the newest leg a leg announcing a follow-up is looked for (a tick is 10 s). */
const ANNOUNCED_WINDOW = '1 minute';

const TRANSACTION_COLUMNS = [
  't.seq',
  't.uuid',
  't.reference_number',
  't.originator_type_id',
  't.originator_id',
  't.service_type_id',
  't.service_desc',
  't.receiver_id',
  't.receiver_name',
  't.server_desc',
  't.tran_state',
  't.time_started',
  't.time_completed',
  't.uuid_prev',
  't.uuid_next',
  't.service_data',
] as const;

/** The legs of the filter (the list's and the export's), through the index that matches it. */
export function filteredTransactions(executor: DbExecutor, filter: TransactionFilter) {
  let legs = executor.selectFrom('transactions');
  if (filter.reference !== undefined) legs = legs.where('reference_number', '=', filter.reference);
  if (filter.stan !== undefined) legs = legs.where('stan', '=', filter.stan);
  if (filter.cardKey !== undefined) legs = legs.where('card_key', '=', filter.cardKey);
  if (filter.serviceTypeId !== undefined) legs = legs.where('service_type_id', '=', filter.serviceTypeId);
  if (filter.receiverId !== undefined) legs = legs.where('receiver_id', '=', filter.receiverId);
  if (filter.from !== undefined) legs = legs.where('time_started', '>=', filter.from);
  if (filter.before !== undefined) legs = legs.where('time_started', '<', filter.before);
  if (filter.pinnedAt !== undefined) {
    const { timeStarted, seq } = filter.pinnedAt;
    legs = legs.where(sql<boolean>`(time_started, seq) <= (${timeStarted}::timestamptz, ${seq})`);
  }
  return legs;
}

/**
 * One page, newest first. The inner query walks only the index that matches the filter (an
 * index-only scan when the table is vacuumed), so a deep offset skips index entries, not rows.
 */
export function transactionPageQuery(
  executor: DbExecutor,
  filter: TransactionFilter,
  offset: number,
  limit: number,
) {
  const ids = filteredTransactions(executor, filter)
    .select(['seq', 'time_started'])
    .orderBy('time_started', 'desc')
    .orderBy('seq', 'desc')
    .offset(offset)
    .limit(limit);
  return (
    executor
      .selectFrom(ids.as('page'))
      // With the start time the join reads one day's partition per row, not every day's.
      .innerJoin('transactions as t', (join) =>
        join.onRef('t.seq', '=', 'page.seq').onRef('t.time_started', '=', 'page.time_started'),
      )
      .select(TRANSACTION_COLUMNS)
      .orderBy('t.time_started', 'desc')
      .orderBy('t.seq', 'desc')
  );
}

export function createTransactionsRepository() {
  return {
    async loadCatalogue(executor: DbExecutor): Promise<LegCatalogue> {
      const serviceTypes = await executor
        .selectFrom('service_types')
        .select(['service_type_id', 'service_desc', 'lb_service_id', 'traffic_share'])
        .orderBy('position')
        .orderBy('service_type_id')
        .execute();
      const originatorTypes = await executor
        .selectFrom('originator_types')
        .select(['originator_type_id', 'originator_desc'])
        .orderBy('position')
        .orderBy('originator_type_id')
        .execute();
      return {
        serviceTypes: serviceTypes.map((row) => ({
          id: row.service_type_id,
          description: row.service_desc,
          lbServiceId: row.lb_service_id,
          trafficShare: row.traffic_share,
        })),
        originatorTypes: originatorTypes.map((row) => ({
          id: row.originator_type_id,
          description: row.originator_desc,
        })),
      };
    },

    /**
     * Writes legs and their messages with one statement each: the rows travel as one JSON
     * parameter, which is what keeps seeding a million transactions to minutes.
     */
    async insertLegs(executor: DbExecutor, legs: readonly RecordedLeg[]): Promise<void> {
      if (legs.length === 0) return;
      const rows = legs.map((leg) => ({
        uuid: leg.uuid,
        reference_number: leg.referenceNumber,
        originator_type_id: leg.originatorTypeId,
        originator_id: leg.originatorId,
        service_type_id: leg.serviceTypeId,
        service_desc: leg.serviceDesc,
        receiver_id: leg.receiverId,
        receiver_name: leg.receiverName,
        server_desc: leg.serverDesc,
        tran_state: leg.tranState,
        time_started: leg.timeStarted.toISOString(),
        time_completed: leg.timeCompleted?.toISOString() ?? null,
        uuid_prev: leg.uuidPrev,
        uuid_next: leg.uuidNext,
        service_data: leg.serviceData,
        stan: leg.stan ?? null,
        card_key: leg.cardKey ?? null,
      }));
      const inserted = await sql<{ seq: string | number; uuid: string }>`
        insert into transactions (uuid, reference_number, originator_type_id, originator_id,
          service_type_id, service_desc, receiver_id, receiver_name, server_desc, tran_state,
          time_started, time_completed, uuid_prev, uuid_next, service_data, stan, card_key)
        select uuid, reference_number, originator_type_id, originator_id, service_type_id,
          service_desc, receiver_id, receiver_name, server_desc, tran_state, time_started,
          time_completed, uuid_prev, uuid_next, service_data, stan, card_key
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(uuid uuid,
          reference_number text, originator_type_id text, originator_id text, service_type_id text,
          service_desc text, receiver_id text, receiver_name text, server_desc text, tran_state text,
          time_started timestamptz, time_completed timestamptz, uuid_prev uuid, uuid_next uuid,
          service_data jsonb, stan text, card_key text)
        returning seq, uuid`.execute(executor);
      const seqs = new Map(inserted.rows.map((row) => [row.uuid, Number(row.seq)]));
      const messages = legs.flatMap((leg) =>
        leg.messages.map((message, position) => ({
          transaction_seq: seqs.get(leg.uuid),
          time_started: leg.timeStarted.toISOString(),
          position,
          edge_name: message.edgeName,
          edge_type: message.edgeType,
          direction: message.direction,
          nr_repeats: message.nrRepeats,
          content: message.content,
          message_desc: message.messageDesc,
          time_created: message.timeCreated.toISOString(),
        })),
      );
      if (messages.length === 0) return;
      await sql`
        insert into transaction_messages (transaction_seq, time_started, position, edge_name, edge_type,
          direction, nr_repeats, content, message_desc, time_created)
        select transaction_seq, time_started, position, edge_name, edge_type, direction, nr_repeats,
          content, message_desc, time_created
        from json_to_recordset(${JSON.stringify(messages)}::json) as m(transaction_seq bigint,
          time_started timestamptz, position integer, edge_name text, edge_type text, direction text, nr_repeats integer,
          content text, message_desc text, time_created timestamptz)`.execute(executor);
    },

    async listTransactions(
      executor: DbExecutor,
      filter: TransactionFilter,
      offset: number,
      limit: number,
    ): Promise<TransactionRow[]> {
      return transactionPageQuery(executor, filter, offset, limit).execute();
    },

    /** Where a leg stands in the list's order (start time as text, to the microsecond; seq). */
    async findListPosition(
      executor: DbExecutor,
      uuid: string,
    ): Promise<{ timeStarted: string; seq: number } | undefined> {
      const row = await executor
        .selectFrom('transactions')
        .select([sql<string>`time_started::text`.as('time_started'), 'seq'])
        .where('uuid', '=', uuid)
        .executeTakeFirst();
      return row === undefined ? undefined : { timeStarted: row.time_started, seq: Number(row.seq) };
    },

    async findLegKey(executor: DbExecutor, uuid: string): Promise<LegKey | undefined> {
      const row = await executor
        .selectFrom('transactions')
        .select(['seq', 'time_started'])
        .where('uuid', '=', uuid)
        .executeTakeFirst();
      return row === undefined
        ? undefined
        : { seq: Number(row.seq), timeStarted: new Date(row.time_started) };
    },

    /**
     * Whether a leg started within ANNOUNCED_WINDOW of the newest names `uuid` as its next leg: a
     * follow-up leg is written in the tick it starts in, up to one tick after the leg naming it.
     * Reads only the newest legs, by the time index.
     */
    async isAnnounced(executor: DbExecutor, uuid: string): Promise<boolean> {
      const { rows } = await sql<{ announced: boolean }>`
        select exists (
          select 1 from transactions
          where time_started >= (select max(time_started) from transactions) - ${ANNOUNCED_WINDOW}::interval
            and uuid_next = ${uuid}
        ) as announced`.execute(executor);
      return rows[0]?.announced === true;
    },

    async findTransaction(executor: DbExecutor, uuid: string): Promise<TransactionRow | undefined> {
      const row = await executor
        .selectFrom('transactions as t')
        .select(TRANSACTION_COLUMNS)
        .where('t.uuid', '=', uuid)
        .executeTakeFirst();
      return row;
    },

    async listMessages(executor: DbExecutor, leg: LegKey) {
      return executor
        .selectFrom('transaction_messages')
        .select([
          'position',
          'edge_name',
          'edge_type',
          'direction',
          'nr_repeats',
          'content',
          'message_desc',
          'time_created',
        ])
        .where('transaction_seq', '=', leg.seq)
        .where('time_started', '=', leg.timeStarted)
        .orderBy('position')
        .execute();
    },

    async listServiceTypes(executor: DbExecutor) {
      return executor
        .selectFrom('service_types')
        .select(['service_type_id', 'service_desc'])
        .orderBy('position')
        .orderBy('service_type_id')
        .execute();
    },

    async listOriginatorTypes(executor: DbExecutor) {
      return executor
        .selectFrom('originator_types')
        .select(['originator_type_id', 'originator_desc'])
        .orderBy('position')
        .orderBy('originator_type_id')
        .execute();
    },

    /**
     * Removes legs that started before `cutoff` with their messages. Partitioned (PostgreSQL): detaches
     * each day wholly before it (housekeeping drops it), a day straddling it stays whole. One table (PGlite): deletes at
     * most `batch` legs, so one tick never holds a long delete.
     */
    async pruneBefore(executor: DbExecutor, cutoff: Date, batch: number): Promise<void> {
      if (await isPartitioned(executor)) {
        await detachDaysBefore(executor, cutoff, batch);
        return;
      }
      await sql`
        delete from transactions where seq in (
          select seq from transactions where time_started < ${cutoff} order by time_started limit ${batch}
        )`.execute(executor);
    },

    /**
     * The switch's transactions (first legs) started in [from, before), oldest first, at most
     * `limit`: what the finance demo feed writes the switch's daily file from.
     */
    listFirstLegsBetween(executor: DbExecutor, range: { from: Date; before: Date; limit: number }) {
      return (
        executor
          .selectFrom('transactions')
          .select(['reference_number', 'originator_id', 'service_type_id', 'time_started', 'service_data'])
          .where('uuid_prev', 'is', null)
          // The switch's echo tests carry no customer's transaction.
          .where('service_type_id', '!=', NETWORK_MANAGEMENT_SERVICE_TYPE)
          .where('time_started', '>=', range.from)
          .where('time_started', '<', range.before)
          .orderBy('time_started')
          .orderBy('seq')
          .limit(range.limit)
          .execute()
      );
    },

    /** Whether any leg is stored (cheap at any size, unlike a count). */
    async hasTransactions(executor: DbExecutor): Promise<boolean> {
      const row = await executor.selectFrom('transactions').select('seq').limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async countTransactions(executor: DbExecutor): Promise<number> {
      const row = await executor
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type TransactionsRepository = ReturnType<typeof createTransactionsRepository>;
