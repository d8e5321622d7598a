import {
  afterCompactIso,
  parseCompactIso,
  TRANSACTION_STATES,
  TRANSACTIONS_PAGE_SIZE,
  type EdgeMessage,
  type OriginatorType,
  type ReceiverOption,
  type ServiceType,
  type Transaction,
  type TransactionLegResponse,
  type TransactionNotFoundDetails,
  type TransactionsQuery,
  type TransactionsResponse,
} from '@web-control/contract/transactions';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { decodeMessages } from './decode-messages.ts';
import { createTransactionsRepository, type TransactionFilter, type TransactionRow } from './repository.ts';

export const TRANSACTION_MESSAGES = {
  notFound: 'This transaction does not exist (it may be older than the retention period)',
  pending: 'This transaction is still being recorded; it should appear in a few seconds',
} as const;

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

/** The list's query as the repository's filter; dateTo counts through its whole second (or millisecond). */
export function transactionFilterOf(query: TransactionsQuery): TransactionFilter {
  return {
    serviceTypeId: query.service,
    receiverId: query.receiver,
    reference: query.reference,
    stan: query.stan,
    cardKey: query.card,
    from: query.dateFrom === undefined ? undefined : parseCompactIso(query.dateFrom),
    before: query.dateTo === undefined ? undefined : afterCompactIso(query.dateTo),
  };
}

export interface TransactionsServiceDeps {
  db: Db;
  /** The receivers the filter offers (the load balancer owns them). */
  listReceivers: () => Promise<Array<{ id: string; name: string }>>;
}

export function createTransactionsService({ db, listReceivers }: TransactionsServiceDeps) {
  const repository = createTransactionsRepository();

  /** An unknown id: pending while a just-recorded leg names it as its next leg, else gone for good. */
  async function transactionNotFound(uuid: string) {
    const details: TransactionNotFoundDetails = { pending: await repository.isAnnounced(db, uuid) };
    return notFound(details.pending ? TRANSACTION_MESSAGES.pending : TRANSACTION_MESSAGES.notFound, details);
  }

  return {
    /**
     * One page of 20, newest first. dateTo is inclusive through its whole second. With
     * latestRecord, only rows at or after that row (the first page's newest) in the list's order:
     * rows that arrive meanwhile are newer and stay out; a leg written late for an earlier time
     * (a history being written) is counted where its time puts it.
     */
    async listTransactions(query: TransactionsQuery): Promise<TransactionsResponse> {
      const offset = query.offset ?? 0;
      const pinnedAt =
        query.latestRecord === undefined
          ? undefined
          : await repository.findListPosition(db, query.latestRecord);
      const rows = await repository.listTransactions(
        db,
        { ...transactionFilterOf(query), pinnedAt },
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
      if (row === undefined) throw await transactionNotFound(uuid);
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
      const leg = await repository.findLegKey(db, uuid);
      if (leg === undefined) throw await transactionNotFound(uuid);
      const rows = (await repository.listMessages(db, leg)).map((row) => ({
        id: String(row.position),
        edgeName: row.edge_name,
        edgeType: row.edge_type,
        direction: row.direction,
        nrRepeats: row.nr_repeats,
        content: row.content,
        messageDesc: row.message_desc,
        timeCreated: new Date(row.time_created),
      }));
      const decoded = decodeMessages(rows);
      return rows.map((row) => ({
        ...row,
        timeCreated: row.timeCreated.toISOString(),
        iso8583: decoded.get(row.id) ?? null,
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
