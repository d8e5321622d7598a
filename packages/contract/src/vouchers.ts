import { z } from 'zod';
import { isoInstantSchema, text } from './inputs.ts';
import { holdsCardNumber } from './iso8583-masking.ts';
import { cardNumbersMasked } from './validation.ts';
import type { Permission } from './permissions.ts';

/**
 * Money-transfer vouchers ({moneytransfer}, specification 3): sender orders bought at a branch and
 * redeemed at merchants through the switch, their state history, holds and support's roll back and
 * roll forward of a redemption the merchant never confirmed.
 */

/** Reading a voucher needs both (specification 0, voucher decisions); every change EDIT_VOUCHERS. */
export const VOUCHER_VIEW_PERMISSIONS = [
  'VIEW_VOUCHERS',
  'VIEW_TRANSACTIONS',
] as const satisfies readonly Permission[];
export const VOUCHER_EDIT_PERMISSION = 'EDIT_VOUCHERS' satisfies Permission;

/** Search page size (specification 3, section 9); offset is page × size − size. */
export const VOUCHER_SEARCH_PAGE_SIZE = 25;
export const VOUCHER_SEARCH_LIMIT_MAX = 500;
/** The history shows a state cut to this many characters. */
export const VOUCHER_STATE_TEXT_LENGTH = 15;

export const VOUCHER_REFERENCE_MAX_LENGTH = 64;
export const VOUCHER_COMMENT_MAX_LENGTH = 1000;
export const VOUCHER_SUPPORT_ID_MAX_LENGTH = 64;

export const VOUCHER_STATES = [
  'CREATED',
  'REDEEMABLE',
  'REDEMPTION_AUTHORISED',
  'REDEEMED',
  'REFUNDED',
  'ON_HOLD',
] as const;
export const voucherStateSchema = z.enum(VOUCHER_STATES);
export type VoucherState = z.infer<typeof voucherStateSchema>;

/**
 * What made a state transition:
 * - CREATE: bought at a branch (CREATED); CONFIRM_PAYMENT: the branch's payment settled (REDEEMABLE).
 * - PLACE_HOLD / RELEASE_HOLD: staff, REDEEMABLE ⇄ ON_HOLD, the reason as its description.
 * - AUTHORISE_REDEMPTION: a merchant's redemption authorised by the switch (REDEMPTION_AUTHORISED);
 *   the balance drops by the redeemed amount at once.
 * - CONFIRM_REDEMPTION: the merchant confirmed (REDEEMED when nothing is left, REDEEMABLE after a
 *   partial redemption).
 * - ROLL_BACK: support undid an unconfirmed redemption (REDEEMABLE, the amount restored).
 * - ROLL_FORWARD: support completed it (REDEEMED when nothing is left, REDEEMABLE after a partial one).
 * - REFUND: the sender took the balance back at a branch; EXPIRE: unredeemed past its validity and
 *   refunded to the sender (both REFUNDED).
 */
export const VOUCHER_ACTIONS = [
  'CREATE',
  'CONFIRM_PAYMENT',
  'PLACE_HOLD',
  'RELEASE_HOLD',
  'AUTHORISE_REDEMPTION',
  'CONFIRM_REDEMPTION',
  'ROLL_BACK',
  'ROLL_FORWARD',
  'REFUND',
  'EXPIRE',
] as const;
export const voucherActionSchema = z.enum(VOUCHER_ACTIONS);
export type VoucherAction = z.infer<typeof voucherActionSchema>;

/** The state pill's colour rule (specification 3, section 4). */
export type VoucherPillKind = 'active' | 'inactive' | 'hold';
export function voucherPillKindOf(state: VoucherState): VoucherPillKind {
  if (state === 'CREATED' || state === 'REDEEMABLE' || state === 'REDEMPTION_AUTHORISED') return 'active';
  if (state === 'REFUNDED' || state === 'REDEEMED') return 'inactive';
  return 'hold';
}

/** An amount in minor units (cents) of its ISO 4217 currency; the demo's vouchers are in rand. */
export const moneySchema = z.object({
  amount: z.number().int(),
  currency: text(),
});
export type Money = z.infer<typeof moneySchema>;
export const VOUCHER_CURRENCY = 'ZAR';

/** A sender order: one voucher. `amount` is its available balance (what can still be redeemed). */
export const senderOrderSchema = z.object({
  reference: text(),
  customerId: text(),
  state: voucherStateSchema,
  datetimeCreated: z.iso.datetime({ offset: true }),
  datetimeModified: z.iso.datetime({ offset: true }),
  amount: moneySchema,
});
export type SenderOrder = z.infer<typeof senderOrderSchema>;

/** A reversed day range, in the words of the search form's fields. */
export const VOUCHER_RANGE_MESSAGES = {
  created: 'The "Date created to" day must not be before the "Date created from" day.',
  modified: 'The "Date last modified to" day must not be before the "Date last modified from" day.',
} as const;

/** A voucher is found by its reference: a card number typed there is refused, never searched or logged. */
export const VOUCHER_CARD_NUMBER_MESSAGE =
  'A card number is never searched: give the voucher’s reference number, 12 digits such as 191165877984';

/**
 * GET {moneytransfer}/orders. Bounds are ISO 8601 instants with a zone (specification 0), each
 * inclusive; `orderReference` matches a reference exactly.
 */
export const vouchersQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(VOUCHER_SEARCH_LIMIT_MAX).default(VOUCHER_SEARCH_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    orderReference: text()
      .trim()
      .min(1)
      .max(VOUCHER_REFERENCE_MAX_LENGTH)
      .refine((value) => !holdsCardNumber(value), VOUCHER_CARD_NUMBER_MESSAGE)
      .optional(),
    fromDatetime: isoInstantSchema.optional(),
    toDatetime: isoInstantSchema.optional(),
    fromLastModifiedDatetime: isoInstantSchema.optional(),
    toLastModifiedDatetime: isoInstantSchema.optional(),
  })
  .refine((query) => notAfter(query.fromDatetime, query.toDatetime), {
    message: VOUCHER_RANGE_MESSAGES.created,
    path: ['toDatetime'],
  })
  .refine((query) => notAfter(query.fromLastModifiedDatetime, query.toLastModifiedDatetime), {
    message: VOUCHER_RANGE_MESSAGES.modified,
    path: ['toLastModifiedDatetime'],
  });
export type VouchersQuery = z.infer<typeof vouchersQuerySchema>;

function notAfter(from: string | undefined, to: string | undefined): boolean {
  return from === undefined || to === undefined || new Date(from).getTime() <= new Date(to).getTime();
}

export const voucherPagingSchema = z.object({
  /** The next page's number (1-based), null on the last page. */
  nextPage: z.number().int().nullable(),
  /** Every voucher the filters match. */
  nrRecords: z.number().int(),
  /** The records shown, e.g. '1-25', or '0-0' when there are none. */
  range: text(),
});
export type VoucherPaging = z.infer<typeof voucherPagingSchema>;

/** Newest change first (datetimeModified, then reference). */
export const vouchersResponseSchema = z.object({
  senderOrders: z.array(senderOrderSchema),
  paging: voucherPagingSchema,
});
export type VouchersResponse = z.infer<typeof vouchersResponseSchema>;

/** The paging for a page of `shown` orders at `offset` of `nrRecords`. */
export function voucherPagingOf(
  page: { offset: number; limit: number },
  nrRecords: number,
  shown: number,
): VoucherPaging {
  const hasNext = page.offset + shown < nrRecords;
  return {
    nextPage: hasNext ? Math.floor(page.offset / page.limit) + 2 : null,
    nrRecords,
    range: shown === 0 ? '0-0' : `${page.offset + 1}-${page.offset + shown}`,
  };
}

/**
 * Where money moved: the purchase at a branch (`payment`) or a redemption at a merchant (each of
 * `payouts`). `authorisationId` is the switch transaction's uuid: its trace is
 * `/dashboard/transactions/{authorisationId}`.
 */
export const paymentInfoSchema = z.object({
  originator: z.object({
    merchant: z.object({ merchantId: text() }),
    terminalId: text(),
  }),
  /** The merchant's (or branch's) name and place: shown as origin (name) and place (city, region). */
  merchantName: z.object({ name: text(), city: text(), region: text() }),
  /** Who received the money, when known (a redemption's recipient). */
  recipientId: text().nullable(),
  authorisationId: text().nullable(),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

/** One redemption: the event it belongs to, the amount redeemed and where. */
export const payoutSchema = paymentInfoSchema.extend({
  /** The `event` of its state transitions. */
  event: z.number().int(),
  amount: moneySchema,
  datetimeAuthorised: z.iso.datetime({ offset: true }),
});
export type Payout = z.infer<typeof payoutSchema>;

/**
 * One row of a voucher's history. Transitions with the same `event` form one event of the
 * History (a purchase: CREATE and CONFIRM_PAYMENT; a redemption: AUTHORISE_REDEMPTION and what
 * followed it; a hold; a release; a refund). `eventAmount` is null when no money moved.
 */
export const stateTransitionSchema = z.object({
  id: z.number().int(),
  event: z.number().int(),
  state: voucherStateSchema,
  action: voucherActionSchema,
  actionDescription: text(),
  datetimeUpdated: z.iso.datetime({ offset: true }),
  eventAmount: moneySchema.nullable(),
  remainingOrderAmount: moneySchema,
  /** Set on a redemption's transitions: its payout's authorisationId. */
  authorisationId: text().nullable(),
  /** Who made a staff change (hold, release, roll back, roll forward); null for the switch's own. */
  username: text().nullable(),
  /** Roll back and roll forward: the support ticket named. */
  supportId: text().nullable(),
});
export type StateTransition = z.infer<typeof stateTransitionSchema>;

/**
 * GET {moneytransfer}/order/{reference}. stateTransitions newest first; `payment` is the purchase,
 * `payouts` the redemptions, newest first.
 */
export const orderDetailResponseSchema = z.object({
  order: senderOrderSchema,
  stateTransitions: z.array(stateTransitionSchema),
  payment: paymentInfoSchema,
  payouts: z.array(payoutSchema),
});
export type OrderDetailResponse = z.infer<typeof orderDetailResponseSchema>;

/**
 * The authorisation id that roll back and roll forward may act on: the most recent redemption's,
 * while the voucher is REDEMPTION_AUTHORISED; otherwise null (specification 3, section 4).
 */
export function rollableAuthorisationIdOf(
  detail: Pick<OrderDetailResponse, 'order' | 'payouts'>,
): string | null {
  if (detail.order.state !== 'REDEMPTION_AUTHORISED') return null;
  const latest = detail.payouts.reduce<Payout | undefined>(
    (newest, payout) => (newest === undefined || payout.event > newest.event ? payout : newest),
    undefined,
  );
  return latest?.authorisationId ?? null;
}

/** A voucher's reference in a path: a card number there is refused, never looked up nor echoed. */
const referenceSchema = text()
  .trim()
  .min(1)
  .max(VOUCHER_REFERENCE_MAX_LENGTH)
  .refine((value) => !holdsCardNumber(value), VOUCHER_CARD_NUMBER_MESSAGE);

export const orderParamsSchema = z.object({ reference: referenceSchema });
export const holdStatusParamsSchema = z.object({
  customerId: text().trim().min(1).max(64),
  reference: referenceSchema,
});
export const redemptionParamsSchema = z.object({
  reference: referenceSchema,
  authorisationId: text().trim().min(1).max(64),
});

const commentSchema = cardNumbersMasked(
  text().trim().min(1, 'Please add a comment.').max(VOUCHER_COMMENT_MAX_LENGTH),
);

/** PUT {moneytransfer}/customer/{customerId}/order/{reference}/holdStatus: the reason is required. */
export const holdStatusBodySchema = z.object({
  onHold: z.boolean(),
  reason: commentSchema,
});
export type HoldStatusBody = z.infer<typeof holdStatusBodySchema>;

/** POST …/redemption/{authorisationId}/roll-back and /roll-forward: both fields required. */
export const redemptionRollBodySchema = z.object({
  supportId: text().trim().min(1, 'Please enter a support id.').max(VOUCHER_SUPPORT_ID_MAX_LENGTH),
  comment: commentSchema,
});
export type RedemptionRollBody = z.infer<typeof redemptionRollBodySchema>;

/** Every change answers the voucher as it now is. */
export const voucherChangeResponseSchema = orderDetailResponseSchema;
