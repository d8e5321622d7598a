import { randomUUID } from 'node:crypto';
import type { VoucherState } from '@web-control/contract/vouchers';
import type { RecordedLeg } from '../modules/transactions/repository.ts';
import type { NewPayment, NewTransition } from '../modules/vouchers/repository.ts';
import { VOUCHER_DESCRIPTIONS, VOUCHER_VALIDITY_DAYS } from '../modules/vouchers/messages.ts';
import type { VoucherPlace } from '../modules/vouchers/switch-events.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../time.ts';
import { createRandom, deriveSeed, pickFrom, type Random } from './random.ts';
import {
  drawCustomerId,
  drawPartialAmount,
  drawRecipientId,
  drawVoucherAmount,
  VOUCHER_BRANCHES,
  VOUCHER_MERCHANTS,
  voucherPurchaseLeg,
  voucherRedemptionLeg,
} from './voucher-legs.ts';
import { PARTIAL_REDEMPTION_SHARE, STUCK_REDEMPTION_SHARE } from './voucher-traffic.ts';

/**
 * Whole voucher lives planned in memory, for the history the simulator writes at its first start
 * and for `npm run seed -- --vouchers N`: each voucher is bought, paid, redeemed (sometimes in
 * part, now and then never confirmed and later rolled back or forward by support), put on hold,
 * refunded or left to expire, up to `now`. voucher-history.ts writes them.
 */

/** Mean time from payment (or the last event) to the next redemption. */
const MEAN_GAP_MS = 18 * HOUR_MS;
const REFUND_SHARE = 0.05;
/** Share of vouchers nobody ever collects: they expire after VOUCHER_VALIDITY_DAYS. */
const ABANDONED_SHARE = 0.04;
const HOLD_SHARE = 0.01;
const MEAN_HOLD_MS = 8 * HOUR_MS;
/** Support resolves a stuck redemption this long after it. */
const SUPPORT_DELAY_MS = { min: 2 * HOUR_MS, max: 6 * HOUR_MS };
/** Who the history says made the staff changes (a demo user). */
export const HISTORY_STAFF_USERNAME = 'operator';
const HOLD_REASONS = [
  'Sender reported the voucher slip as stolen',
  'Suspected fraud: waiting for the sender to call back',
  'Recipient disputes the amount with the sender',
] as const;
const RELEASE_REASONS = [
  'Sender confirmed the voucher is safe to redeem',
  'Fraud check cleared by the risk team',
] as const;
const ROLL_BACK_COMMENTS = [
  'Merchant confirmed the sale was cancelled',
  'Till crashed before handing over cash',
] as const;
const ROLL_FORWARD_COMMENTS = [
  'Merchant confirmed the goods were handed over',
  'Till slip shows the cash paid out',
] as const;

function exponential(random: Random, mean: number): number {
  return -Math.log(1 - random()) * mean;
}

function digits(random: Random, count: number): string {
  let text = '';
  for (let index = 0; index < count; index += 1) text += Math.floor(random() * 10).toString();
  return text;
}

type PlannedTransition = Omit<NewTransition, 'voucherId'>;
type PlannedPayment = Omit<NewPayment, 'voucherId'>;

/** One planned voucher; legs are built once its reference is known. */
export interface VoucherLife {
  customerId: string;
  recipientId: string | null;
  amountMinor: number;
  balanceMinor: number;
  state: VoucherState;
  created: Date;
  event: number;
  transitions: PlannedTransition[];
  payments: PlannedPayment[];
  legs: Array<(reference: string) => RecordedLeg>;
  /** The redemption support may still roll (the most recent one, while REDEMPTION_AUTHORISED). */
  open?: { amountMinor: number; event: number; authorisationId: string; at: number } | undefined;
}

export function lastAt(life: VoucherLife): number {
  return life.transitions.at(-1)?.at.getTime() ?? life.created.getTime();
}

function record(
  life: VoucherLife,
  transition: Omit<PlannedTransition, 'remainingMinor' | 'username' | 'supportId' | 'authorisationId'> &
    Partial<Pick<PlannedTransition, 'username' | 'supportId' | 'authorisationId'>>,
): void {
  life.state = transition.state;
  life.transitions.push({
    username: null,
    supportId: null,
    authorisationId: null,
    ...transition,
    remainingMinor: life.balanceMinor,
  });
}

export interface PlanOptions {
  random: Random;
  created: Date;
  now: Date;
  /** Build the switch legs of purchases and redemptions (the bulk seed writes none). */
  withLegs: boolean;
}

function buy(options: PlanOptions): VoucherLife {
  const { random, created, now } = options;
  const amountMinor = drawVoucherAmount(random);
  const branch = pickFrom(random, VOUCHER_BRANCHES);
  const customerId = drawCustomerId(random);
  const recipientId = drawRecipientId(random);
  const authorisationId = randomUUID();
  const life: VoucherLife = {
    customerId,
    recipientId,
    amountMinor,
    balanceMinor: amountMinor,
    state: 'CREATED',
    created,
    event: 1,
    transitions: [],
    payments: [
      {
        event: 1,
        kind: 'PURCHASE',
        amountMinor,
        at: created,
        merchantId: branch.merchantId,
        terminalId: branch.terminalId,
        merchantName: branch.name,
        city: branch.city,
        region: branch.region,
        recipientId,
        authorisationId,
      },
    ],
    legs: [],
  };
  if (options.withLegs) {
    life.legs.push((reference) =>
      voucherPurchaseLeg({
        uuid: authorisationId,
        reference,
        amountMinor,
        where: branch,
        recipientId,
        customerId,
        at: created,
        random,
      }),
    );
  }
  record(life, {
    event: 1,
    state: 'CREATED',
    action: 'CREATE',
    description: VOUCHER_DESCRIPTIONS.create(branch.name),
    at: created,
    eventAmountMinor: amountMinor,
  });
  const paidAt = created.getTime() + 5 * SECOND_MS + random() * 55 * SECOND_MS;
  if (paidAt <= now.getTime()) {
    record(life, {
      event: 1,
      state: 'REDEEMABLE',
      action: 'CONFIRM_PAYMENT',
      description: VOUCHER_DESCRIPTIONS.confirmPayment,
      at: new Date(paidAt),
      eventAmountMinor: null,
    });
  }
  return life;
}

/** A REDEEMABLE voucher redeemed at `at`; stuck: the merchant never confirms. */
export function redeem(life: VoucherLife, options: PlanOptions, at: number, stuck: boolean): void {
  const { random } = options;
  const balance = life.balanceMinor;
  const partial = balance >= 2_000 && random() < PARTIAL_REDEMPTION_SHARE;
  const amountMinor = partial ? drawPartialAmount(random, balance) : balance;
  const merchant: VoucherPlace = pickFrom(random, VOUCHER_MERCHANTS);
  const authorisationId = randomUUID();
  life.event += 1;
  const event = life.event;
  life.balanceMinor -= amountMinor;
  const when = new Date(at);
  life.payments.push({
    event,
    kind: 'REDEMPTION',
    amountMinor,
    at: when,
    merchantId: merchant.merchantId,
    terminalId: merchant.terminalId,
    merchantName: merchant.name,
    city: merchant.city,
    region: merchant.region,
    recipientId: life.recipientId,
    authorisationId,
  });
  if (options.withLegs) {
    const balanceAfterMinor = life.balanceMinor;
    const recipientId = life.recipientId;
    life.legs.push((reference) =>
      voucherRedemptionLeg({
        uuid: authorisationId,
        reference,
        amountMinor,
        where: merchant,
        recipientId,
        balanceAfterMinor,
        at: when,
        random,
      }),
    );
  }
  record(life, {
    event,
    state: 'REDEMPTION_AUTHORISED',
    action: 'AUTHORISE_REDEMPTION',
    description: VOUCHER_DESCRIPTIONS.authoriseRedemption(merchant.name),
    at: when,
    eventAmountMinor: amountMinor,
    authorisationId,
  });
  life.open = { amountMinor, event, authorisationId, at };
  if (stuck) return;
  const confirmedAt = at + SECOND_MS + random() * 7 * SECOND_MS;
  if (confirmedAt > options.now.getTime()) return;
  life.open = undefined;
  record(life, {
    event,
    state: life.balanceMinor === 0 ? 'REDEEMED' : 'REDEEMABLE',
    action: 'CONFIRM_REDEMPTION',
    description: VOUCHER_DESCRIPTIONS.confirmRedemption(merchant.name, life.balanceMinor > 0),
    at: new Date(confirmedAt),
    eventAmountMinor: amountMinor,
    authorisationId,
  });
}

/** Support rolls the open redemption back (its amount returns) or forward. */
function roll(life: VoucherLife, random: Random, at: number, direction: 'back' | 'forward'): void {
  const open = life.open;
  if (open === undefined) return;
  life.open = undefined;
  const supportId = `SUP-${digits(random, 5)}`;
  if (direction === 'back') life.balanceMinor += open.amountMinor;
  const comment = pickFrom(random, direction === 'back' ? ROLL_BACK_COMMENTS : ROLL_FORWARD_COMMENTS);
  record(life, {
    event: open.event,
    state: direction === 'back' || life.balanceMinor > 0 ? 'REDEEMABLE' : 'REDEEMED',
    action: direction === 'back' ? 'ROLL_BACK' : 'ROLL_FORWARD',
    description:
      direction === 'back'
        ? VOUCHER_DESCRIPTIONS.rollBack(supportId, comment)
        : VOUCHER_DESCRIPTIONS.rollForward(supportId, comment),
    at: new Date(at),
    eventAmountMinor: open.amountMinor,
    authorisationId: open.authorisationId,
    username: HISTORY_STAFF_USERNAME,
    supportId,
  });
}

export function placeHold(life: VoucherLife, random: Random, at: number): void {
  life.event += 1;
  record(life, {
    event: life.event,
    state: 'ON_HOLD',
    action: 'PLACE_HOLD',
    description: VOUCHER_DESCRIPTIONS.placeHold(pickFrom(random, HOLD_REASONS)),
    at: new Date(at),
    eventAmountMinor: null,
    username: HISTORY_STAFF_USERNAME,
  });
}

function releaseHold(life: VoucherLife, random: Random, at: number): void {
  life.event += 1;
  record(life, {
    event: life.event,
    state: 'REDEEMABLE',
    action: 'RELEASE_HOLD',
    description: VOUCHER_DESCRIPTIONS.releaseHold(pickFrom(random, RELEASE_REASONS)),
    at: new Date(at),
    eventAmountMinor: null,
    username: HISTORY_STAFF_USERNAME,
  });
}

function refund(life: VoucherLife, random: Random, at: number, action: 'REFUND' | 'EXPIRE'): void {
  const refunded = life.balanceMinor;
  life.balanceMinor = 0;
  life.event += 1;
  record(life, {
    event: life.event,
    state: 'REFUNDED',
    action,
    description:
      action === 'REFUND'
        ? VOUCHER_DESCRIPTIONS.refund(pickFrom(random, VOUCHER_BRANCHES).name)
        : VOUCHER_DESCRIPTIONS.expire(VOUCHER_VALIDITY_DAYS),
    at: new Date(at),
    eventAmountMinor: refunded,
  });
}

/** One voucher's life from its purchase up to `now`. */
export function planVoucherLife(options: PlanOptions): VoucherLife {
  const { random } = options;
  const now = options.now.getTime();
  const life = buy(options);
  const expiresAt = options.created.getTime() + VOUCHER_VALIDITY_DAYS * DAY_MS;
  const abandoned = random() < ABANDONED_SHARE;
  while (life.state === 'REDEEMABLE') {
    const next = abandoned
      ? Number.POSITIVE_INFINITY
      : lastAt(life) + MINUTE_MS + exponential(random, MEAN_GAP_MS);
    if (next > expiresAt) {
      if (expiresAt <= now) refund(life, random, expiresAt, 'EXPIRE');
      break;
    }
    if (next > now) break;
    const draw = random();
    if (draw < REFUND_SHARE) {
      refund(life, random, next, 'REFUND');
    } else if (draw < REFUND_SHARE + HOLD_SHARE) {
      placeHold(life, random, next);
      const releaseAt = next + exponential(random, MEAN_HOLD_MS);
      if (releaseAt <= now) releaseHold(life, random, releaseAt);
    } else {
      redeem(life, options, next, random() < STUCK_REDEMPTION_SHARE);
      const open = life.open;
      if (open !== undefined && life.transitions.at(-1)?.action === 'AUTHORISE_REDEMPTION') {
        const resolveAt =
          open.at + SUPPORT_DELAY_MS.min + random() * (SUPPORT_DELAY_MS.max - SUPPORT_DELAY_MS.min);
        if (resolveAt <= now) roll(life, random, resolveAt, random() < 0.5 ? 'back' : 'forward');
      }
    }
  }
  return life;
}

/** The purchase times of `count` vouchers bought at random over [from, to], oldest first. */
export function drawPurchaseTimes(random: Random, count: number, from: Date, to: Date): number[] {
  const span = to.getTime() - from.getTime();
  const times = Array.from({ length: count }, () => Math.floor(from.getTime() + random() * span));
  return times.sort((a, b) => a - b);
}

/** Lives of `count` vouchers bought at random over [from, to], as they stand at `now`. */
export function planVoucherLives(options: {
  seed: number;
  count: number;
  from: Date;
  to: Date;
  now: Date;
  withLegs: boolean;
}): VoucherLife[] {
  const random = createRandom(deriveSeed(options.seed ^ 0x11fe5, options.to.getTime()));
  return drawPurchaseTimes(random, options.count, options.from, options.to).map((time) =>
    planVoucherLife({ random, created: new Date(time), now: options.now, withLegs: options.withLegs }),
  );
}

/** The first start's vouchers per day of history. */
export const VOUCHER_HISTORY_PER_DAY = 1_500;
/** The first start's history covers at most this long. */
export const VOUCHER_HISTORY_MAX_MS = 2 * DAY_MS;

/**
 * The history of the first start, so the voucher screens have content at once: lives over the last
 * `historyMs`, with their switch legs, and at least two stuck redemptions and a voucher on hold.
 */
export function planVoucherHistory(options: { seed: number; now: Date; historyMs: number }): VoucherLife[] {
  const historyMs = Math.min(options.historyMs, VOUCHER_HISTORY_MAX_MS);
  const now = options.now.getTime();
  const lives = planVoucherLives({
    seed: options.seed,
    count: Math.max(20, Math.round((VOUCHER_HISTORY_PER_DAY * historyMs) / DAY_MS)),
    from: new Date(now - historyMs),
    to: new Date(now - 10 * MINUTE_MS),
    now: options.now,
    withLegs: true,
  });
  const random = createRandom(deriveSeed(options.seed ^ 0xde30, now));
  const planning = { random, created: options.now, now: options.now, withLegs: true };
  // Newest first: the demo's forced changes land on recent vouchers, after their last transition.
  const redeemable = lives
    .filter((life) => life.state === 'REDEEMABLE' && lastAt(life) < now - 9 * MINUTE_MS)
    .reverse();
  let stuck = lives.filter((life) => life.state === 'REDEMPTION_AUTHORISED').length;
  while (stuck < 2 && redeemable.length > 0) {
    const life = redeemable.shift();
    if (life === undefined) break;
    redeem(life, planning, now - (8 - stuck * 3) * MINUTE_MS, true);
    stuck += 1;
  }
  if (!lives.some((life) => life.state === 'ON_HOLD')) {
    const life = redeemable.shift();
    if (life !== undefined) placeHold(life, random, now - 2 * MINUTE_MS);
  }
  return lives;
}
