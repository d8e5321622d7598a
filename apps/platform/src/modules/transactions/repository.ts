import { sql, type Selectable } from 'kysely';
import type { ServiceData } from '@web-control/contract/transactions';
import type { DbExecutor } from '../../db/schema.ts';
import type { TransactionsTable } from './table.ts';

export interface TransactionFilter {
  serviceTypeId?: string | undefined;
  receiverId?: string | undefined;
  reference?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  before?: Date | undefined;
  /** Only rows inserted up to this seq (the pinned first page). */
  maxSeq?: number | undefined;
}

export type TransactionRow = Selectable<TransactionsTable>;

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
  let page = executor.selectFrom('transactions').select('seq');
  if (filter.reference !== undefined) page = page.where('reference_number', '=', filter.reference);
  if (filter.serviceTypeId !== undefined) page = page.where('service_type_id', '=', filter.serviceTypeId);
  if (filter.receiverId !== undefined) page = page.where('receiver_id', '=', filter.receiverId);
  if (filter.from !== undefined) page = page.where('time_started', '>=', filter.from);
  if (filter.before !== undefined) page = page.where('time_started', '<', filter.before);
  if (filter.maxSeq !== undefined) page = page.where(sql<boolean>`seq <= ${filter.maxSeq}`);
  const ids = page.orderBy('time_started', 'desc').orderBy('seq', 'desc').offset(offset).limit(limit);
  return executor
    .selectFrom(ids.as('page'))
    .innerJoin('transactions as t', 't.seq', 'page.seq')
    .select(TRANSACTION_COLUMNS)
    .orderBy('t.time_started', 'desc')
    .orderBy('t.seq', 'desc');
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
      }));
      const inserted = await sql<{ seq: string | number; uuid: string }>`
        insert into transactions (uuid, reference_number, originator_type_id, originator_id,
          service_type_id, service_desc, receiver_id, receiver_name, server_desc, tran_state,
          time_started, time_completed, uuid_prev, uuid_next, service_data)
        select uuid, reference_number, originator_type_id, originator_id, service_type_id,
          service_desc, receiver_id, receiver_name, server_desc, tran_state, time_started,
          time_completed, uuid_prev, uuid_next, service_data
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(uuid uuid,
          reference_number text, originator_type_id text, originator_id text, service_type_id text,
          service_desc text, receiver_id text, receiver_name text, server_desc text, tran_state text,
          time_started timestamptz, time_completed timestamptz, uuid_prev uuid, uuid_next uuid,
          service_data jsonb)
        returning seq, uuid`.execute(executor);
      const seqs = new Map(inserted.rows.map((row) => [row.uuid, Number(row.seq)]));
      const messages = legs.flatMap((leg) =>
        leg.messages.map((message, position) => ({
          transaction_seq: seqs.get(leg.uuid),
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
        insert into transaction_messages (transaction_seq, position, edge_name, edge_type, direction,
          nr_repeats, content, message_desc, time_created)
        select transaction_seq, position, edge_name, edge_type, direction, nr_repeats, content,
          message_desc, time_created
        from json_to_recordset(${JSON.stringify(messages)}::json) as m(transaction_seq bigint,
          position integer, edge_name text, edge_type text, direction text, nr_repeats integer,
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

    async findSeq(executor: DbExecutor, uuid: string): Promise<number | undefined> {
      const row = await executor
        .selectFrom('transactions')
        .select('seq')
        .where('uuid', '=', uuid)
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.seq);
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

    async listMessages(executor: DbExecutor, seq: number) {
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
        .where('transaction_seq', '=', seq)
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

    /** Deletes at most `batch` legs that started before `cutoff` (their messages go with them). */
    async pruneBefore(executor: DbExecutor, cutoff: Date, batch: number): Promise<number> {
      const result = await sql`
        delete from transactions where seq in (
          select seq from transactions where time_started < ${cutoff} order by time_started limit ${batch}
        )`.execute(executor);
      return Number(result.numAffectedRows ?? 0);
    },

    /** Whether any leg is stored (cheap at any size, unlike a count). */
    /**
     * The switch's transactions (first legs) started in [from, before), oldest first, at most
     * `limit`: what the finance demo feed writes the switch's daily file from.
     */
    listFirstLegsBetween(executor: DbExecutor, range: { from: Date; before: Date; limit: number }) {
      return executor
        .selectFrom('transactions')
        .select(['reference_number', 'originator_id', 'service_type_id', 'time_started', 'service_data'])
        .where('uuid_prev', 'is', null)
        .where('time_started', '>=', range.from)
        .where('time_started', '<', range.before)
        .orderBy('time_started')
        .orderBy('seq')
        .limit(range.limit)
        .execute();
    },

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
