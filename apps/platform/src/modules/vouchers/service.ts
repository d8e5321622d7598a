import {
  voucherPagingOf,
  type HoldStatusBody,
  type Money,
  type OrderDetailResponse,
  type PaymentInfo,
  type RedemptionRollBody,
  type SenderOrder,
  type VoucherState,
  type VouchersQuery,
  type VouchersResponse,
} from '@web-control/contract/vouchers';
import type { Clock } from '../../clock.ts';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { createAuditedChange, type Actor } from '../audit/audited-change.ts';
import type { AuditService } from '../audit/service.ts';
import {
  createVouchersRepository,
  type NewPayment,
  type NewTransition,
  type NewVoucher,
  type VoucherPaymentRow,
  type VoucherRow,
  type VoucherSearch,
  type VoucherTransitionRow,
} from './repository.ts';

export const VOUCHER_MESSAGES = {
  notFound: (reference: string) => `Voucher ${reference} does not exist.`,
  notFoundForCustomer: (reference: string, customerId: string) =>
    `Voucher ${reference} does not exist for customer ${customerId}.`,
  noRedemption: (reference: string, authorisationId: string) =>
    `Voucher ${reference} has no redemption with authorisation id ${authorisationId}.`,
  cannotHold: (reference: string, state: VoucherState) =>
    `Voucher ${reference} is ${state}: only a REDEEMABLE voucher can be placed on hold.`,
  cannotRelease: (reference: string, state: VoucherState) =>
    `Voucher ${reference} is ${state}: only a voucher ON_HOLD can be released.`,
  cannotRoll: (reference: string, state: VoucherState, verb: RollVerb) =>
    `Voucher ${reference} is ${state}: only a redemption still REDEMPTION_AUTHORISED can be ${verb}.`,
  notLatest: (reference: string, authorisationId: string, verb: RollVerb) =>
    `Redemption ${authorisationId} is not the most recent redemption of voucher ${reference}: only the most recent one can be ${verb}.`,
  raced: (reference: string, state: VoucherState) =>
    `Voucher ${reference} changed while this change was being made and is now ${state}. Refresh it and try again.`,
} as const;

type RollVerb = 'rolled back' | 'rolled forward';

/** The history's descriptions of each action; staff changes carry the reason they gave. */
export const VOUCHER_DESCRIPTIONS = {
  create: (branch: string) => `Voucher bought at ${branch}`,
  confirmPayment: 'Payment received: the voucher can be redeemed',
  placeHold: (reason: string) => `Placed on hold: ${reason}`,
  releaseHold: (reason: string) => `Hold released: ${reason}`,
  authoriseRedemption: (merchant: string) => `Redemption authorised at ${merchant}`,
  confirmRedemption: (merchant: string, partial: boolean) =>
    partial ? `Partial redemption confirmed by ${merchant}` : `Redemption confirmed by ${merchant}`,
  rollBack: (supportId: string, comment: string) =>
    `Redemption rolled back (support ${supportId}): ${comment}`,
  rollForward: (supportId: string, comment: string) =>
    `Redemption rolled forward (support ${supportId}): ${comment}`,
  refund: (branch: string) => `Refunded to the sender at ${branch}`,
  expire: (days: number) => `Expired unredeemed after ${days} days: the balance was refunded to the sender`,
} as const;

/** Unredeemed vouchers expire this long after their purchase. */
export const VOUCHER_VALIDITY_DAYS = 30;

/**
 * Voucher references: 12 digits that do not reveal the order of purchase, one per id (a bijection
 * of the id modulo 9×10^11, whose multiplier shares no factor with it), so they never collide.
 */
const REFERENCE_SPACE = 900_000_000_000n;
const REFERENCE_MULTIPLIER = 91_138_233_547n;
const REFERENCE_OFFSET = 27_644_437n;
export function referenceOfId(id: number): string {
  const scrambled = (BigInt(id) * REFERENCE_MULTIPLIER + REFERENCE_OFFSET) % REFERENCE_SPACE;
  return (100_000_000_000n + scrambled).toString();
}

/** A branch or merchant where money moves. */
export interface VoucherPlace {
  merchantId: string;
  terminalId: string;
  name: string;
  city: string;
  region: string;
}

export interface VoucherPurchase {
  customerId: string;
  recipientId: string | null;
  currency: string;
  amountMinor: number;
  branch: VoucherPlace;
  at: Date;
  /** The purchase's switch transaction. */
  authorisationId: string | null;
  /** When the payment is confirmed (REDEEMABLE); undefined: it stays CREATED for now. */
  paidAt?: Date | undefined;
}

export interface VoucherRedemption {
  voucherId: number;
  amountMinor: number;
  merchant: VoucherPlace;
  recipientId: string | null;
  authorisationId: string;
  at: Date;
}

export interface VouchersServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
}

function money(minor: string | number, currency: string): Money {
  return { amount: Number(minor), currency };
}

/** The search's query as the repository's search. */
export function voucherSearchOf(query: VouchersQuery): VoucherSearch {
  return {
    offset: query.offset,
    limit: query.limit,
    reference: query.orderReference,
    createdFrom: query.fromDatetime === undefined ? undefined : new Date(query.fromDatetime),
    createdTo: query.toDatetime === undefined ? undefined : new Date(query.toDatetime),
    modifiedFrom:
      query.fromLastModifiedDatetime === undefined ? undefined : new Date(query.fromLastModifiedDatetime),
    modifiedTo:
      query.toLastModifiedDatetime === undefined ? undefined : new Date(query.toLastModifiedDatetime),
  };
}

function orderOf(row: VoucherRow): SenderOrder {
  return {
    reference: row.reference,
    customerId: row.customer_id,
    state: row.state,
    datetimeCreated: row.datetime_created.toISOString(),
    datetimeModified: row.datetime_modified.toISOString(),
    amount: money(row.balance_minor, row.currency),
  };
}

function paymentInfoOf(row: VoucherPaymentRow): PaymentInfo {
  return {
    originator: { merchant: { merchantId: row.merchant_id }, terminalId: row.terminal_id },
    merchantName: { name: row.merchant_name, city: row.city, region: row.region },
    recipientId: row.recipient_id,
    authorisationId: row.authorisation_id,
  };
}

function detailOf(
  voucher: VoucherRow,
  transitions: readonly VoucherTransitionRow[],
  payments: readonly VoucherPaymentRow[],
): OrderDetailResponse {
  const purchase = payments.find((payment) => payment.kind === 'PURCHASE');
  if (purchase === undefined) {
    throw new Error(`Voucher ${voucher.reference} has no purchase`);
  }
  return {
    order: orderOf(voucher),
    stateTransitions: [...transitions].reverse().map((transition) => ({
      id: Number(transition.id),
      event: transition.event,
      state: transition.state,
      action: transition.action,
      actionDescription: transition.action_description,
      datetimeUpdated: transition.datetime_updated.toISOString(),
      eventAmount:
        transition.event_amount_minor === null
          ? null
          : money(transition.event_amount_minor, voucher.currency),
      remainingOrderAmount: money(transition.remaining_minor, voucher.currency),
      authorisationId: transition.authorisation_id,
      username: transition.username,
      supportId: transition.support_id,
    })),
    payment: paymentInfoOf(purchase),
    payouts: payments
      .filter((payment) => payment.kind === 'REDEMPTION')
      .reverse()
      .map((payment) => ({
        ...paymentInfoOf(payment),
        event: payment.event,
        amount: money(payment.amount_minor, voucher.currency),
        datetimeAuthorised: payment.datetime_created.toISOString(),
      })),
  };
}

/**
 * The voucher state machine. Every transition is one conditional update on the current state plus
 * its history row, in one database transaction: of two racing changes one wins and the other is
 * refused with 409. Staff changes (hold, release, roll back, roll forward) are audited with who and
 * why; the switch's own (purchase, redemption, refund, expiry) are recorded in the history only.
 */
export function createVouchersService(deps: VouchersServiceDeps) {
  const { db, clock } = deps;
  const repository = createVouchersRepository();
  const runAudited = createAuditedChange({ db, audit: deps.audit });

  async function detail(executor: DbExecutor, voucher: VoucherRow): Promise<OrderDetailResponse> {
    const id = Number(voucher.id);
    const [transitions, payments] = [
      await repository.listTransitions(executor, id),
      await repository.listPayments(executor, id),
    ];
    return detailOf(voucher, transitions, payments);
  }

  async function reload(executor: DbExecutor, voucher: VoucherRow): Promise<OrderDetailResponse> {
    const current = await repository.findById(executor, Number(voucher.id));
    if (current === undefined) throw notFound(VOUCHER_MESSAGES.notFound(voucher.reference));
    return detail(executor, current);
  }

  async function requireVoucher(executor: DbExecutor, reference: string): Promise<VoucherRow> {
    const voucher = await repository.findByReference(executor, reference);
    if (voucher === undefined) throw notFound(VOUCHER_MESSAGES.notFound(reference));
    return voucher;
  }

  /** The loser of a race: the row is no longer in the state that was checked. */
  async function racedRefusal(executor: DbExecutor, voucher: VoucherRow) {
    const current = await repository.findById(executor, Number(voucher.id));
    return conflict(VOUCHER_MESSAGES.raced(voucher.reference, current?.state ?? voucher.state));
  }

  /** Both switch outcomes of an authorised redemption: REDEEMED when nothing is left. */
  function settledState(balanceMinor: number): VoucherState {
    return balanceMinor === 0 ? 'REDEEMED' : 'REDEEMABLE';
  }

  async function roll(
    actor: Actor,
    reference: string,
    authorisationId: string,
    body: RedemptionRollBody,
    direction: 'back' | 'forward',
  ): Promise<OrderDetailResponse> {
    const verb: RollVerb = direction === 'back' ? 'rolled back' : 'rolled forward';
    return runAudited(
      actor,
      {
        action: direction === 'back' ? 'voucher.redemption.roll-back' : 'voucher.redemption.roll-forward',
        target: { reference, authorisationId, supportId: body.supportId, comment: body.comment },
      },
      async (tx) => {
        const voucher = await requireVoucher(tx, reference);
        const id = Number(voucher.id);
        const redemption = await repository.findRedemption(tx, id, authorisationId);
        if (redemption === undefined)
          throw notFound(VOUCHER_MESSAGES.noRedemption(reference, authorisationId));
        if (voucher.state !== 'REDEMPTION_AUTHORISED') {
          throw conflict(VOUCHER_MESSAGES.cannotRoll(reference, voucher.state, verb));
        }
        const latest = await repository.latestRedemption(tx, id);
        if (latest?.event !== redemption.event) {
          throw conflict(VOUCHER_MESSAGES.notLatest(reference, authorisationId, verb));
        }
        const amount = Number(redemption.amount_minor);
        const balance = Number(voucher.balance_minor);
        const to = direction === 'back' ? 'REDEEMABLE' : settledState(balance);
        const at = clock.now();
        const changed = await repository.changeState(tx, {
          voucherId: id,
          from: 'REDEMPTION_AUTHORISED',
          to,
          at,
          balanceDeltaMinor: direction === 'back' ? amount : 0,
          opensEvent: false,
        });
        if (changed === undefined) throw await racedRefusal(tx, voucher);
        await repository.insertTransitions(tx, [
          {
            voucherId: id,
            event: redemption.event,
            state: to,
            action: direction === 'back' ? 'ROLL_BACK' : 'ROLL_FORWARD',
            description:
              direction === 'back'
                ? VOUCHER_DESCRIPTIONS.rollBack(body.supportId, body.comment)
                : VOUCHER_DESCRIPTIONS.rollForward(body.supportId, body.comment),
            at,
            eventAmountMinor: amount,
            remainingMinor: changed.balanceMinor,
            authorisationId,
            username: actor.username,
            supportId: body.supportId,
          },
        ]);
        return reload(tx, voucher);
      },
    );
  }

  return {
    async search(query: VouchersQuery): Promise<VouchersResponse> {
      const { rows, total } = await repository.search(db, voucherSearchOf(query));
      return { senderOrders: rows.map(orderOf), paging: voucherPagingOf(query, total, rows.length) };
    },

    async getOrder(reference: string): Promise<OrderDetailResponse> {
      return detail(db, await requireVoucher(db, reference));
    },

    /** REDEEMABLE → ON_HOLD (onHold) or ON_HOLD → REDEEMABLE; the reason goes into the history. */
    async setHoldStatus(
      actor: Actor,
      customerId: string,
      reference: string,
      body: HoldStatusBody,
    ): Promise<OrderDetailResponse> {
      return runAudited(
        actor,
        {
          action: body.onHold ? 'voucher.hold' : 'voucher.release',
          target: { reference, customerId, onHold: body.onHold, comment: body.reason },
        },
        async (tx) => {
          const voucher = await repository.findByReference(tx, reference);
          if (voucher?.customer_id !== customerId) {
            throw notFound(VOUCHER_MESSAGES.notFoundForCustomer(reference, customerId));
          }
          const from: VoucherState = body.onHold ? 'REDEEMABLE' : 'ON_HOLD';
          if (voucher.state !== from) {
            throw conflict(
              body.onHold
                ? VOUCHER_MESSAGES.cannotHold(reference, voucher.state)
                : VOUCHER_MESSAGES.cannotRelease(reference, voucher.state),
            );
          }
          const to: VoucherState = body.onHold ? 'ON_HOLD' : 'REDEEMABLE';
          const at = clock.now();
          const changed = await repository.changeState(tx, {
            voucherId: Number(voucher.id),
            from,
            to,
            at,
            opensEvent: true,
          });
          if (changed === undefined) throw await racedRefusal(tx, voucher);
          await repository.insertTransitions(tx, [
            {
              voucherId: Number(voucher.id),
              event: changed.event,
              state: to,
              action: body.onHold ? 'PLACE_HOLD' : 'RELEASE_HOLD',
              description: body.onHold
                ? VOUCHER_DESCRIPTIONS.placeHold(body.reason)
                : VOUCHER_DESCRIPTIONS.releaseHold(body.reason),
              at,
              eventAmountMinor: null,
              remainingMinor: changed.balanceMinor,
              authorisationId: null,
              username: actor.username,
              supportId: null,
            },
          ]);
          return reload(tx, voucher);
        },
      );
    },

    rollBack: (actor: Actor, reference: string, authorisationId: string, body: RedemptionRollBody) =>
      roll(actor, reference, authorisationId, body, 'back'),

    rollForward: (actor: Actor, reference: string, authorisationId: string, body: RedemptionRollBody) =>
      roll(actor, reference, authorisationId, body, 'forward'),

    /**
     * The switch: vouchers bought at branches (CREATED, then REDEEMABLE once paid), written in
     * `executor`'s transaction. Returns the new vouchers' ids and references, in order.
     */
    async purchase(
      executor: DbExecutor,
      purchases: readonly VoucherPurchase[],
    ): Promise<Array<{ id: number; reference: string }>> {
      const ids = await repository.reserveIds(executor, purchases.length);
      const vouchers: NewVoucher[] = [];
      const transitions: NewTransition[] = [];
      const payments: NewPayment[] = [];
      purchases.forEach((purchase, index) => {
        const id = ids[index] ?? 0;
        const paid = purchase.paidAt !== undefined;
        vouchers.push({
          id,
          reference: referenceOfId(id),
          customerId: purchase.customerId,
          state: paid ? 'REDEEMABLE' : 'CREATED',
          currency: purchase.currency,
          amountMinor: purchase.amountMinor,
          balanceMinor: purchase.amountMinor,
          recipientId: purchase.recipientId,
          created: purchase.at,
          modified: purchase.paidAt ?? purchase.at,
          lastEvent: 1,
        });
        const base = {
          voucherId: id,
          event: 1,
          eventAmountMinor: purchase.amountMinor,
          remainingMinor: purchase.amountMinor,
          authorisationId: null,
          username: null,
          supportId: null,
        };
        transitions.push({
          ...base,
          state: 'CREATED',
          action: 'CREATE',
          description: VOUCHER_DESCRIPTIONS.create(purchase.branch.name),
          at: purchase.at,
        });
        if (purchase.paidAt !== undefined) {
          transitions.push({
            ...base,
            state: 'REDEEMABLE',
            action: 'CONFIRM_PAYMENT',
            description: VOUCHER_DESCRIPTIONS.confirmPayment,
            at: purchase.paidAt,
            eventAmountMinor: null,
          });
        }
        payments.push({
          voucherId: id,
          event: 1,
          kind: 'PURCHASE',
          amountMinor: purchase.amountMinor,
          at: purchase.at,
          merchantId: purchase.branch.merchantId,
          terminalId: purchase.branch.terminalId,
          merchantName: purchase.branch.name,
          city: purchase.branch.city,
          region: purchase.branch.region,
          recipientId: purchase.recipientId,
          authorisationId: purchase.authorisationId,
        });
      });
      await repository.insertVouchers(executor, vouchers);
      await repository.insertTransitions(executor, transitions);
      await repository.insertPayments(executor, payments);
      return vouchers.map((voucher) => ({ id: voucher.id, reference: voucher.reference }));
    },

    /** The switch: a branch's payment settled; false when the voucher is no longer CREATED. */
    async confirmPayment(executor: DbExecutor, voucherId: number, at: Date): Promise<boolean> {
      const changed = await repository.changeState(executor, {
        voucherId,
        from: 'CREATED',
        to: 'REDEEMABLE',
        at,
        opensEvent: false,
      });
      if (changed === undefined) return false;
      await repository.insertTransitions(executor, [
        {
          voucherId,
          event: 1,
          state: 'REDEEMABLE',
          action: 'CONFIRM_PAYMENT',
          description: VOUCHER_DESCRIPTIONS.confirmPayment,
          at,
          eventAmountMinor: null,
          remainingMinor: changed.balanceMinor,
          authorisationId: null,
          username: null,
          supportId: null,
        },
      ]);
      return true;
    },

    /**
     * The switch: a merchant's redemption authorised (REDEEMABLE → REDEMPTION_AUTHORISED, the
     * amount taken from the balance). Returns its event, or undefined when the voucher is not
     * REDEEMABLE or its balance is short (the switch declines).
     */
    async authoriseRedemption(
      executor: DbExecutor,
      redemption: VoucherRedemption,
    ): Promise<number | undefined> {
      const changed = await repository.changeState(executor, {
        voucherId: redemption.voucherId,
        from: 'REDEEMABLE',
        to: 'REDEMPTION_AUTHORISED',
        at: redemption.at,
        balanceDeltaMinor: -redemption.amountMinor,
        opensEvent: true,
      });
      if (changed === undefined) return undefined;
      await repository.insertTransitions(executor, [
        {
          voucherId: redemption.voucherId,
          event: changed.event,
          state: 'REDEMPTION_AUTHORISED',
          action: 'AUTHORISE_REDEMPTION',
          description: VOUCHER_DESCRIPTIONS.authoriseRedemption(redemption.merchant.name),
          at: redemption.at,
          eventAmountMinor: redemption.amountMinor,
          remainingMinor: changed.balanceMinor,
          authorisationId: redemption.authorisationId,
          username: null,
          supportId: null,
        },
      ]);
      await repository.insertPayments(executor, [
        {
          voucherId: redemption.voucherId,
          event: changed.event,
          kind: 'REDEMPTION',
          amountMinor: redemption.amountMinor,
          at: redemption.at,
          merchantId: redemption.merchant.merchantId,
          terminalId: redemption.merchant.terminalId,
          merchantName: redemption.merchant.name,
          city: redemption.merchant.city,
          region: redemption.merchant.region,
          recipientId: redemption.recipientId,
          authorisationId: redemption.authorisationId,
        },
      ]);
      return changed.event;
    },

    /** The switch: the merchant confirmed its redemption (REDEEMED, or REDEEMABLE after a partial one). */
    async confirmRedemption(
      executor: DbExecutor,
      redemption: Pick<VoucherRedemption, 'voucherId' | 'amountMinor' | 'merchant' | 'authorisationId'>,
      event: number,
      at: Date,
    ): Promise<boolean> {
      const voucher = await repository.findById(executor, redemption.voucherId);
      if (voucher?.state !== 'REDEMPTION_AUTHORISED') return false;
      const balance = Number(voucher.balance_minor);
      const to = settledState(balance);
      const changed = await repository.changeState(executor, {
        voucherId: redemption.voucherId,
        from: 'REDEMPTION_AUTHORISED',
        to,
        at,
        opensEvent: false,
      });
      if (changed === undefined) return false;
      await repository.insertTransitions(executor, [
        {
          voucherId: redemption.voucherId,
          event,
          state: to,
          action: 'CONFIRM_REDEMPTION',
          description: VOUCHER_DESCRIPTIONS.confirmRedemption(redemption.merchant.name, balance > 0),
          at,
          eventAmountMinor: redemption.amountMinor,
          remainingMinor: changed.balanceMinor,
          authorisationId: redemption.authorisationId,
          username: null,
          supportId: null,
        },
      ]);
      return true;
    },

    /** The switch: the balance back to the sender (REDEEMABLE → REFUNDED), by refund or expiry. */
    async refund(
      executor: DbExecutor,
      voucherId: number,
      at: Date,
      how: { action: 'REFUND'; branch: VoucherPlace } | { action: 'EXPIRE' },
    ): Promise<boolean> {
      const voucher = await repository.findById(executor, voucherId);
      if (voucher?.state !== 'REDEEMABLE') return false;
      const balance = Number(voucher.balance_minor);
      const changed = await repository.changeState(executor, {
        voucherId,
        from: 'REDEEMABLE',
        to: 'REFUNDED',
        at,
        balanceDeltaMinor: -balance,
        opensEvent: true,
      });
      if (changed === undefined) return false;
      await repository.insertTransitions(executor, [
        {
          voucherId,
          event: changed.event,
          state: 'REFUNDED',
          action: how.action,
          description:
            how.action === 'REFUND'
              ? VOUCHER_DESCRIPTIONS.refund(how.branch.name)
              : VOUCHER_DESCRIPTIONS.expire(VOUCHER_VALIDITY_DAYS),
          at,
          eventAmountMinor: balance,
          remainingMinor: changed.balanceMinor,
          authorisationId: null,
          username: null,
          supportId: null,
        },
      ]);
      return true;
    },

    repository,
  };
}

export type VouchersService = ReturnType<typeof createVouchersService>;
