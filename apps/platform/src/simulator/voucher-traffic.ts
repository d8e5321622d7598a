import { randomUUID } from 'node:crypto';
import type { DbExecutor } from '../db/schema.ts';
import type { RecordedLeg } from '../modules/transactions/repository.ts';
import { VOUCHER_VALIDITY_DAYS } from '../modules/vouchers/messages.ts';
import type { VouchersService } from '../modules/vouchers/service.ts';
import { DAY_MS, MINUTE_MS, SECOND_MS } from '../time.ts';
import { TICK_MS } from './engine.ts';
import { createRandom, deriveSeed, drawPoisson, pickFrom, type Random } from './random.ts';
import {
  drawCustomerId,
  drawPartialAmount,
  drawRecipientId,
  drawVoucherAmount,
  VOUCHER_BRANCHES,
  VOUCHER_CURRENCY_CODE,
  VOUCHER_MERCHANTS,
  voucherPurchaseLeg,
  voucherRedemptionLeg,
} from './voucher-legs.ts';

/** Vouchers bought per second (about 3 500 a day). */
export const VOUCHER_PURCHASES_PER_SECOND = 0.04;
/** Redemptions per second. */
export const VOUCHER_REDEMPTIONS_PER_SECOND = 0.035;
/** Refunds at a branch per second. */
export const VOUCHER_REFUNDS_PER_SECOND = 0.002;
/** Share of redemptions the merchant splits (part of the balance). */
export const PARTIAL_REDEMPTION_SHARE = 0.3;
/** Share of redemptions the merchant never confirms: they stay REDEMPTION_AUTHORISED for support. */
export const STUCK_REDEMPTION_SHARE = 0.015;
/** A purchase's payment settles this long after it (at most), making the voucher REDEEMABLE. */
const PAYMENT_DELAY_MS = { min: 5 * SECOND_MS, max: 40 * SECOND_MS };
/** A merchant confirms an authorised redemption this long after it. */
const CONFIRM_DELAY_MS = { min: SECOND_MS, max: 6 * SECOND_MS };
/** Redemptions pick among redeemable vouchers bought in this window. */
const REDEEM_AFTER_MS = MINUTE_MS;
const REDEEM_WITHIN_MS = 3 * DAY_MS;
const CANDIDATES = 25;
const EXPIRIES_PER_TICK = 20;
const CONFIRMATIONS_PER_TICK = 50;

function between(random: Random, range: { min: number; max: number }): number {
  return range.min + random() * (range.max - range.min);
}

function timeIn(random: Random, from: number, to: number): Date {
  return new Date(Math.floor(from + random() * (to - from)));
}

/**
 * The switch's voucher traffic of one 10 s tick, in the tick's transaction: branch payments
 * settle, vouchers are bought at branches, redeemable ones are redeemed at merchants (some in
 * part, a few never confirmed), now and then refunded, and the unredeemed expire after
 * VOUCHER_VALIDITY_DAYS. Every change goes through the vouchers service's state machine; the
 * purchases and redemptions come back as switch legs for the transaction recorder to store with
 * the tick's other legs, so their uuids (the authorisation ids) open their traces.
 */
export function createVoucherTraffic(options: { seed: number; vouchers: VouchersService }) {
  const { vouchers } = options;
  const { repository } = vouchers;

  return async function voucherLegs(tickEnd: number, executor: DbExecutor): Promise<RecordedLeg[]> {
    const random = createRandom(deriveSeed(options.seed ^ 0x70c4e5, tickEnd));
    const from = tickEnd - TICK_MS;
    const legs: RecordedLeg[] = [];

    for (const voucher of await repository.listOpen(executor, {
      state: 'CREATED',
      after: new Date(0),
      before: new Date(tickEnd - PAYMENT_DELAY_MS.max),
      limit: CONFIRMATIONS_PER_TICK,
      newestFirst: false,
    })) {
      await vouchers.confirmPayment(executor, Number(voucher.id), timeIn(random, from, tickEnd));
    }

    const purchases = Array.from(
      { length: drawPoisson(random, VOUCHER_PURCHASES_PER_SECOND * (TICK_MS / SECOND_MS)) },
      () => {
        const at = timeIn(random, from, tickEnd);
        const paidAt = at.getTime() + between(random, PAYMENT_DELAY_MS);
        return {
          customerId: drawCustomerId(random),
          recipientId: drawRecipientId(random),
          currency: VOUCHER_CURRENCY_CODE,
          amountMinor: drawVoucherAmount(random),
          branch: pickFrom(random, VOUCHER_BRANCHES),
          at,
          authorisationId: randomUUID(),
          paidAt: paidAt <= tickEnd ? new Date(paidAt) : undefined,
        };
      },
    );
    const created = await vouchers.purchase(executor, purchases);
    purchases.forEach((purchase, index) => {
      legs.push(
        voucherPurchaseLeg({
          uuid: purchase.authorisationId,
          reference: created[index]?.reference ?? '',
          amountMinor: purchase.amountMinor,
          where: purchase.branch,
          recipientId: purchase.recipientId,
          customerId: purchase.customerId,
          at: purchase.at,
          random,
        }),
      );
    });

    const redemptions = drawPoisson(random, VOUCHER_REDEMPTIONS_PER_SECOND * (TICK_MS / SECOND_MS));
    const refunds = random() < VOUCHER_REFUNDS_PER_SECOND * (TICK_MS / SECOND_MS) ? 1 : 0;
    if (redemptions + refunds > 0) {
      // Bought before a random moment of the window, recent ones likelier (collection takes minutes to
      // days); when none was bought before it, the newest.
      const anchor = tickEnd - REDEEM_AFTER_MS - random() ** 2 * REDEEM_WITHIN_MS;
      const redeemable = (before: number) =>
        repository.listOpen(executor, {
          state: 'REDEEMABLE',
          after: new Date(tickEnd - REDEEM_WITHIN_MS),
          before: new Date(before),
          limit: CANDIDATES,
          newestFirst: true,
        });
      let candidates = await redeemable(anchor);
      if (candidates.length === 0) candidates = await redeemable(tickEnd - REDEEM_AFTER_MS);
      for (let index = 0; index < redemptions && candidates.length > 0; index += 1) {
        const [voucher] = candidates.splice(Math.floor(random() * candidates.length), 1);
        if (voucher === undefined) break;
        const balance = Number(voucher.balance_minor);
        const partial = balance >= 2_000 && random() < PARTIAL_REDEMPTION_SHARE;
        const amountMinor = partial ? drawPartialAmount(random, balance) : balance;
        const merchant = pickFrom(random, VOUCHER_MERCHANTS);
        const at = timeIn(random, from, tickEnd);
        const redemption = {
          voucherId: Number(voucher.id),
          amountMinor,
          merchant,
          recipientId: voucher.recipient_id,
          authorisationId: randomUUID(),
          at,
        };
        const event = await vouchers.authoriseRedemption(executor, redemption);
        if (event === undefined) continue;
        legs.push(
          voucherRedemptionLeg({
            uuid: redemption.authorisationId,
            reference: voucher.reference,
            amountMinor,
            where: merchant,
            recipientId: voucher.recipient_id,
            balanceAfterMinor: balance - amountMinor,
            at,
            random,
          }),
        );
        if (random() >= STUCK_REDEMPTION_SHARE) {
          const confirmedAt = Math.min(tickEnd, at.getTime() + between(random, CONFIRM_DELAY_MS));
          await vouchers.confirmRedemption(executor, redemption, event, new Date(confirmedAt));
        }
      }
      const refunded = refunds > 0 ? candidates[Math.floor(random() * candidates.length)] : undefined;
      if (refunded !== undefined) {
        await vouchers.refund(executor, Number(refunded.id), timeIn(random, from, tickEnd), {
          action: 'REFUND',
          branch: pickFrom(random, VOUCHER_BRANCHES),
        });
      }
    }

    for (const voucher of await repository.listOpen(executor, {
      state: 'REDEEMABLE',
      after: new Date(0),
      before: new Date(tickEnd - VOUCHER_VALIDITY_DAYS * DAY_MS),
      limit: EXPIRIES_PER_TICK,
      newestFirst: false,
    })) {
      const expiresAt = voucher.datetime_created.getTime() + VOUCHER_VALIDITY_DAYS * DAY_MS;
      await vouchers.refund(executor, Number(voucher.id), new Date(Math.max(from, expiresAt)), {
        action: 'EXPIRE',
      });
    }
    return legs;
  };
}

export type VoucherLegSource = ReturnType<typeof createVoucherTraffic>;
