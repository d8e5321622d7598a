import {
  parseCompactIso,
  TRANSACTION_STATES,
  TRANSACTIONS_PAGE_SIZE,
  type EdgeMessage,
  type OriginatorType,
  type ReceiverOption,
  type ServiceType,
  type Transaction,
  type TransactionLegResponse,
  type TransactionsQuery,
  type TransactionsResponse,
} from '@web-control/contract/transactions';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { DAY_MS, type SimulatedTransaction } from '../../simulator/engine.ts';
import { createRandom, deriveSeed } from '../../simulator/random.ts';
import { createTransactionsRepository, type TransactionRow } from './repository.ts';
import { createLegRecorder, takeStartedLegs, type RecordedLeg } from './simulated-legs.ts';

export const TRANSACTION_MESSAGES = {
  notFound: 'This transaction does not exist (it may be older than the retention period)',
} as const;

/** Legs deleted per prune, so one tick never holds a long delete. */
const PRUNE_BATCH = 20_000;

function toTransaction(row: TransactionRow): Transaction {
  return {
    uuid: row.uuid,
    referenceNumber: row.reference_number,
    originatorId: row.originator_id,
    receiver: row.receiver_name,
    serviceDesc: row.service_desc,
    tranState: row.tran_state,
    timeStarted: new Date(row.time_started).toISOString(),
    timeCompleted: row.time_completed === null ? null : new Date(row.time_completed).toISOString(),
    serverDesc: row.server_desc,
    serviceData: row.service_data,
  };
}

export interface TransactionsServiceDeps {
  db: Db;
  /** The receivers the filter offers (the load balancer owns them). */
  listReceivers: () => Promise<Array<{ id: string; name: string }>>;
}

export function createTransactionsService({ db, listReceivers }: TransactionsServiceDeps) {
  const repository = createTransactionsRepository();

  return {
    /**
     * One page of 20, newest first. dateTo is inclusive through its whole second. With
     * latestRecord, only rows that existed when that row headed the first page are counted.
     */
    async listTransactions(query: TransactionsQuery): Promise<TransactionsResponse> {
      const offset = query.offset ?? 0;
      const to = query.dateTo === undefined ? undefined : parseCompactIso(query.dateTo);
      const maxSeq =
        query.latestRecord === undefined ? undefined : await repository.findSeq(db, query.latestRecord);
      const rows = await repository.listTransactions(
        db,
        {
          serviceTypeId: query.service,
          receiverId: query.receiver,
          reference: query.reference,
          from: query.dateFrom === undefined ? undefined : parseCompactIso(query.dateFrom),
          before: to === undefined ? undefined : new Date(to.getTime() + 1000),
          maxSeq,
        },
        offset,
        TRANSACTIONS_PAGE_SIZE + 1,
      );
      return {
        transactions: rows.slice(0, TRANSACTIONS_PAGE_SIZE).map(toTransaction),
        paging: { previousPage: offset > 0, nextPage: rows.length > TRANSACTIONS_PAGE_SIZE },
      };
    },

    async getLeg(uuid: string): Promise<TransactionLegResponse> {
      const row = await repository.findTransaction(db, uuid);
      if (row === undefined) throw notFound(TRANSACTION_MESSAGES.notFound);
      return {
        transactionLeg: {
          uuid: row.uuid,
          state: row.tran_state,
          uuidPrev: row.uuid_prev,
          uuidNext: row.uuid_next,
        },
        transaction: toTransaction(row),
      };
    },

    async listMessages(uuid: string): Promise<EdgeMessage[]> {
      const seq = await repository.findSeq(db, uuid);
      if (seq === undefined) throw notFound(TRANSACTION_MESSAGES.notFound);
      return (await repository.listMessages(db, seq)).map((row) => ({
        id: String(row.position),
        edgeName: row.edge_name,
        edgeType: row.edge_type,
        direction: row.direction,
        nrRepeats: row.nr_repeats,
        content: row.content,
        messageDesc: row.message_desc,
        timeCreated: new Date(row.time_created).toISOString(),
      }));
    },

    async listServiceTypes(): Promise<ServiceType[]> {
      return (await repository.listServiceTypes(db)).map((row) => ({
        id: row.service_type_id,
        serviceDesc: row.service_desc,
      }));
    },

    async listOriginatorTypes(): Promise<OriginatorType[]> {
      return (await repository.listOriginatorTypes(db)).map((row) => ({
        id: row.originator_type_id,
        originatorDesc: row.originator_desc,
      }));
    },

    listTransactionStates(): string[] {
      return [...TRANSACTION_STATES];
    },

    async listReceiverOptions(): Promise<ReceiverOption[]> {
      return (await listReceivers()).map((receiver) => ({ id: receiver.id, receiverName: receiver.name }));
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;

export interface TransactionRecorderOptions {
  seed: number;
  retentionDays: number;
  /** Prune once every this many ticks (hourly at 10 s ticks). */
  pruneEveryTicks?: number;
}

/**
 * Stores what the simulated switch would record for each tick's requests, in the tick's
 * database transaction, and prunes legs older than the retention period. Follow-up legs that
 * start after the tick wait in memory for the tick they start in.
 */
export function createTransactionRecorder(options: TransactionRecorderOptions) {
  const repository = createTransactionsRepository();
  const pruneEveryTicks = options.pruneEveryTicks ?? 360;
  let tickCount = 0;
  let waiting: RecordedLeg[] = [];

  return async (transactions: readonly SimulatedTransaction[], tickEnd: number, executor: DbExecutor) => {
    const recordLegs = createLegRecorder(await repository.loadCatalogue(executor));
    const random = createRandom(deriveSeed(options.seed ^ 0x7a11, tickEnd));
    const { started, later } = takeStartedLegs(
      [...waiting, ...transactions.flatMap((transaction) => recordLegs(transaction, random))],
      tickEnd,
    );
    await repository.insertLegs(executor, started);
    waiting = later;
    tickCount += 1;
    if (tickCount % pruneEveryTicks === 1) {
      await repository.pruneBefore(executor, new Date(tickEnd - options.retentionDays * DAY_MS), PRUNE_BATCH);
    }
  };
}
