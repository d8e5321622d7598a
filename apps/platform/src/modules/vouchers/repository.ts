import { sql, type Selectable } from 'kysely';
import type { VoucherAction, VoucherState } from '@web-control/contract/vouchers';
import type { DbExecutor } from '../../db/schema.ts';
import type {
  VoucherPaymentKind,
  VoucherPaymentsTable,
  VouchersTable,
  VoucherTransitionsTable,
} from './table.ts';

export type VoucherRow = Selectable<VouchersTable>;
export type VoucherTransitionRow = Selectable<VoucherTransitionsTable>;
export type VoucherPaymentRow = Selectable<VoucherPaymentsTable>;

/** A voucher as the seed, the simulator and the tests write it. */
export interface NewVoucher {
  id: number;
  reference: string;
  customerId: string;
  state: VoucherState;
  currency: string;
  amountMinor: number;
  balanceMinor: number;
  recipientId: string | null;
  created: Date;
  modified: Date;
  lastEvent: number;
}

export interface NewTransition {
  voucherId: number;
  event: number;
  state: VoucherState;
  action: VoucherAction;
  description: string;
  at: Date;
  eventAmountMinor: number | null;
  remainingMinor: number;
  authorisationId: string | null;
  username: string | null;
  supportId: string | null;
}

export interface NewPayment {
  voucherId: number;
  event: number;
  kind: VoucherPaymentKind;
  amountMinor: number;
  at: Date;
  merchantId: string;
  terminalId: string;
  merchantName: string;
  city: string;
  region: string;
  recipientId: string | null;
  authorisationId: string | null;
}

export interface VoucherSearch {
  offset: number;
  limit: number;
  reference?: string | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  modifiedFrom?: Date | undefined;
  modifiedTo?: Date | undefined;
}

/** A conditional change of state: it happens only while the voucher is still in `from`. */
export interface StateChange {
  voucherId: number;
  from: VoucherState;
  to: VoucherState;
  at: Date;
  /** Added to the balance; the change fails rather than take the balance below zero. */
  balanceDeltaMinor?: number;
  /** Opens a new event (its number is returned); otherwise the change joins the current one. */
  opensEvent: boolean;
}

const VOUCHER_COLUMNS = [
  'v.id',
  'v.reference',
  'v.customer_id',
  'v.state',
  'v.currency',
  'v.amount_minor',
  'v.balance_minor',
  'v.recipient_id',
  'v.datetime_created',
  'v.datetime_modified',
  'v.last_event',
] as const;

/** Rows per insert statement: each batch travels as one JSON parameter. */
const INSERT_BATCH = 5_000;

function chunks<T>(rows: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    result.push(rows.slice(start, start + INSERT_BATCH));
  }
  return result;
}

/** The vouchers of the search's filter (its page aside): the list's and the export's. */
export function matchingVouchers(executor: DbExecutor, search: Omit<VoucherSearch, 'offset' | 'limit'>) {
  let matching = executor.selectFrom('vouchers');
  if (search.reference !== undefined) matching = matching.where('reference', '=', search.reference);
  if (search.createdFrom !== undefined)
    matching = matching.where('datetime_created', '>=', search.createdFrom);
  if (search.createdTo !== undefined) matching = matching.where('datetime_created', '<=', search.createdTo);
  if (search.modifiedFrom !== undefined)
    matching = matching.where('datetime_modified', '>=', search.modifiedFrom);
  if (search.modifiedTo !== undefined)
    matching = matching.where('datetime_modified', '<=', search.modifiedTo);
  return matching;
}

/** By last change, or by creation when only creation bounds are given: each walks its own index. */
export function voucherOrderOf(search: Omit<VoucherSearch, 'offset' | 'limit'>) {
  const byCreation =
    (search.createdFrom !== undefined || search.createdTo !== undefined) &&
    search.modifiedFrom === undefined &&
    search.modifiedTo === undefined;
  return byCreation ? 'datetime_created' : 'datetime_modified';
}

/**
 * The search's page and count. Paged by last change, or by creation when only creation bounds are
 * given, so each walks its own index in order; the inner query reads ids only, so a deep offset
 * skips index entries, not rows.
 */
export function voucherSearchQueries(executor: DbExecutor, search: VoucherSearch) {
  const matching = matchingVouchers(executor, search);
  const filtered =
    search.reference !== undefined ||
    search.createdFrom !== undefined ||
    search.createdTo !== undefined ||
    search.modifiedFrom !== undefined ||
    search.modifiedTo !== undefined;
  const column = voucherOrderOf(search);
  const ids = matching
    .select(['id', column])
    .orderBy(column, 'desc')
    .orderBy('id', 'desc')
    .offset(search.offset)
    .limit(search.limit);
  return {
    page: executor
      .selectFrom(ids.as('page'))
      .innerJoin('vouchers as v', 'v.id', 'page.id')
      .select(VOUCHER_COLUMNS)
      .orderBy(`v.${column}`, 'desc')
      .orderBy('v.id', 'desc'),
    // Unfiltered, the kept total answers at once; a filter counts its matches from its index.
    count: filtered
      ? matching.select((eb) => eb.fn.countAll<string | number>().as('total'))
      : executor.selectFrom('voucher_totals').select('total'),
  };
}

export function createVouchersRepository() {
  return {
    /** Ids for vouchers about to be written (their references derive from them). */
    async reserveIds(executor: DbExecutor, count: number): Promise<number[]> {
      if (count === 0) return [];
      const result = await sql<{ id: string | number }>`
        select nextval('vouchers_id_seq') as id from generate_series(1, ${count})`.execute(executor);
      return result.rows.map((row) => Number(row.id));
    },

    async insertVouchers(executor: DbExecutor, vouchers: readonly NewVoucher[]): Promise<void> {
      for (const batch of chunks(vouchers)) {
        const rows = batch.map((voucher) => ({
          id: voucher.id,
          reference: voucher.reference,
          customer_id: voucher.customerId,
          state: voucher.state,
          currency: voucher.currency,
          amount_minor: voucher.amountMinor,
          balance_minor: voucher.balanceMinor,
          recipient_id: voucher.recipientId,
          datetime_created: voucher.created.toISOString(),
          datetime_modified: voucher.modified.toISOString(),
          last_event: voucher.lastEvent,
        }));
        await sql`
          insert into vouchers (id, reference, customer_id, state, currency, amount_minor, balance_minor,
            recipient_id, datetime_created, datetime_modified, last_event)
          select id, reference, customer_id, state, currency, amount_minor, balance_minor, recipient_id,
            datetime_created, datetime_modified, last_event
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(id bigint, reference text,
            customer_id text, state text, currency text, amount_minor bigint, balance_minor bigint,
            recipient_id text, datetime_created timestamptz, datetime_modified timestamptz,
            last_event integer)`.execute(executor);
      }
    },

    async insertTransitions(executor: DbExecutor, transitions: readonly NewTransition[]): Promise<void> {
      for (const batch of chunks(transitions)) {
        const rows = batch.map((transition) => ({
          voucher_id: transition.voucherId,
          event: transition.event,
          state: transition.state,
          action: transition.action,
          action_description: transition.description,
          datetime_updated: transition.at.toISOString(),
          event_amount_minor: transition.eventAmountMinor,
          remaining_minor: transition.remainingMinor,
          authorisation_id: transition.authorisationId,
          username: transition.username,
          support_id: transition.supportId,
        }));
        await sql`
          insert into voucher_transitions (voucher_id, event, state, action, action_description,
            datetime_updated, event_amount_minor, remaining_minor, authorisation_id, username, support_id)
          select voucher_id, event, state, action, action_description, datetime_updated,
            event_amount_minor, remaining_minor, authorisation_id, username, support_id
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(voucher_id bigint, event integer,
            state text, action text, action_description text, datetime_updated timestamptz,
            event_amount_minor bigint, remaining_minor bigint, authorisation_id text, username text,
            support_id text)`.execute(executor);
      }
    },

    async insertPayments(executor: DbExecutor, payments: readonly NewPayment[]): Promise<void> {
      for (const batch of chunks(payments)) {
        const rows = batch.map((payment) => ({
          voucher_id: payment.voucherId,
          event: payment.event,
          kind: payment.kind,
          amount_minor: payment.amountMinor,
          datetime_created: payment.at.toISOString(),
          merchant_id: payment.merchantId,
          terminal_id: payment.terminalId,
          merchant_name: payment.merchantName,
          city: payment.city,
          region: payment.region,
          recipient_id: payment.recipientId,
          authorisation_id: payment.authorisationId,
        }));
        await sql`
          insert into voucher_payments (voucher_id, event, kind, amount_minor, datetime_created,
            merchant_id, terminal_id, merchant_name, city, region, recipient_id, authorisation_id)
          select voucher_id, event, kind, amount_minor, datetime_created, merchant_id, terminal_id,
            merchant_name, city, region, recipient_id, authorisation_id
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(voucher_id bigint, event integer,
            kind text, amount_minor bigint, datetime_created timestamptz, merchant_id text,
            terminal_id text, merchant_name text, city text, region text, recipient_id text,
            authorisation_id text)`.execute(executor);
      }
    },

    async findByReference(executor: DbExecutor, reference: string): Promise<VoucherRow | undefined> {
      return executor
        .selectFrom('vouchers as v')
        .select(VOUCHER_COLUMNS)
        .where('v.reference', '=', reference)
        .executeTakeFirst();
    },

    async findById(executor: DbExecutor, id: number): Promise<VoucherRow | undefined> {
      return executor
        .selectFrom('vouchers as v')
        .select(VOUCHER_COLUMNS)
        .where('v.id', '=', id)
        .executeTakeFirst();
    },

    /** Oldest first. */
    async listTransitions(executor: DbExecutor, voucherId: number): Promise<VoucherTransitionRow[]> {
      return executor
        .selectFrom('voucher_transitions')
        .selectAll()
        .where('voucher_id', '=', voucherId)
        .orderBy('id')
        .execute();
    },

    /** By event, oldest first. */
    async listPayments(executor: DbExecutor, voucherId: number): Promise<VoucherPaymentRow[]> {
      return executor
        .selectFrom('voucher_payments')
        .selectAll()
        .where('voucher_id', '=', voucherId)
        .orderBy('event')
        .execute();
    },

    async findRedemption(
      executor: DbExecutor,
      voucherId: number,
      authorisationId: string,
    ): Promise<VoucherPaymentRow | undefined> {
      return executor
        .selectFrom('voucher_payments')
        .selectAll()
        .where('voucher_id', '=', voucherId)
        .where('kind', '=', 'REDEMPTION')
        .where('authorisation_id', '=', authorisationId)
        .executeTakeFirst();
    },

    async latestRedemption(executor: DbExecutor, voucherId: number): Promise<VoucherPaymentRow | undefined> {
      return executor
        .selectFrom('voucher_payments')
        .selectAll()
        .where('voucher_id', '=', voucherId)
        .where('kind', '=', 'REDEMPTION')
        .orderBy('event', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * The conditional update every transition goes through: it changes the row only while the
     * voucher is still in `from` (and the balance stays whole), so of two racing changes exactly
     * one finds the row; the other gets undefined.
     */
    async changeState(
      executor: DbExecutor,
      change: StateChange,
    ): Promise<{ balanceMinor: number; event: number } | undefined> {
      const delta = change.balanceDeltaMinor ?? 0;
      const row = await executor
        .updateTable('vouchers')
        .set((eb) => ({
          state: change.to,
          datetime_modified: change.at,
          balance_minor: eb('balance_minor', '+', delta),
          last_event: change.opensEvent ? eb('last_event', '+', 1) : eb.ref('last_event'),
        }))
        .where('id', '=', change.voucherId)
        .where('state', '=', change.from)
        .where(sql<boolean>`balance_minor + ${delta} >= 0`)
        .returning(['balance_minor', 'last_event'])
        .executeTakeFirst();
      return row === undefined
        ? undefined
        : { balanceMinor: Number(row.balance_minor), event: row.last_event };
    },

    /** One page of the search and the number of vouchers it matches. */
    async search(
      executor: DbExecutor,
      search: VoucherSearch,
    ): Promise<{ rows: VoucherRow[]; total: number }> {
      const { page, count } = voucherSearchQueries(executor, search);
      const rows = await page.execute();
      const counted = await count.executeTakeFirst();
      return { rows, total: Number(counted?.total ?? 0) };
    },

    /**
     * Open vouchers (CREATED or REDEEMABLE) created in [after, before], newest or oldest first:
     * the simulator's work list, answered from the small partial index over open vouchers.
     */
    async listOpen(
      executor: DbExecutor,
      range: {
        state: 'CREATED' | 'REDEEMABLE';
        after: Date;
        before: Date;
        limit: number;
        newestFirst: boolean;
      },
    ): Promise<VoucherRow[]> {
      return executor
        .selectFrom('vouchers as v')
        .select(VOUCHER_COLUMNS)
        .where('v.state', '=', range.state)
        .where('v.datetime_created', '>=', range.after)
        .where('v.datetime_created', '<=', range.before)
        .orderBy('v.datetime_created', range.newestFirst ? 'desc' : 'asc')
        .limit(range.limit)
        .execute();
    },

    async hasVouchersCreatedBefore(executor: DbExecutor, before: Date): Promise<boolean> {
      const row = await executor
        .selectFrom('vouchers')
        .select('id')
        .where('datetime_created', '<', before)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type VouchersRepository = ReturnType<typeof createVouchersRepository>;
