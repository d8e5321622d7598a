import type { VoucherState } from '@web-control/contract/vouchers';
import type { DbExecutor } from '../../db/schema.ts';
import { VOUCHER_DESCRIPTIONS, VOUCHER_VALIDITY_DAYS } from './messages.ts';
import { referenceOfId } from './references.ts';
import type { NewPayment, NewTransition, NewVoucher, VouchersRepository } from './repository.ts';

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

/** Both switch outcomes of an authorised redemption: REDEEMED when nothing is left. */
export function settledState(balanceMinor: number): VoucherState {
  return balanceMinor === 0 ? 'REDEEMED' : 'REDEEMABLE';
}

/**
 * The switch's side of the voucher state machine: purchases, payments, redemptions and refunds,
 * each written in the caller's transaction and recorded in the history only (not audited).
 */
export function createVoucherSwitchEvents(repository: VouchersRepository) {
  return {
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
  };
}
